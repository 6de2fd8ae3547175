import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import { RECORDED_PER_ITERATION } from '../../../recorded-run';
import { replayDriver } from '../../../../src/ui/state/replay-driver';
import { RunState } from '../../../../src/ui/state/run.svelte';

// The shipped classroom recording: 8 iterations of the ten phases, phases 1–5 once per questioner step.
const run = asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));
const perIteration = RECORDED_PER_ITERATION;
const start = { iteration: 1, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 };

/** A fresh page state replaying the recording. */
function replay() {
  const state = new RunState();
  return { state, driver: replayDriver(state, run) };
}

describe('the replay driver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is ready at the first phase with the baseline and the recorded Table 5, nothing played', () => {
    const { state } = replay();
    expect(state.ready).toBe(true);
    expect(state.backend).toBe(`recorded · ${run.backend}`);
    expect(state.position).toEqual(start);
    expect(state.baseline).toEqual(run.baseline);
    expect(state.coevolution?.source).toBe('recorded');
    expect(state.coevolution?.iterations).toBe(8);
    expect(state.records).toHaveLength(0);
  });

  it('steps one phase at a time, and plays an iteration phase by phase, 120 ms apart', () => {
    const { state, driver } = replay();
    driver.step();
    expect(state.records.map((r) => r.phase)).toEqual(['questioner-rollouts']);
    expect(state.position).toEqual({ ...start, phase: 'contract-parsing' });
    expect(state.busy).toBe(false);

    driver.iteration();
    expect(state.busy).toBe(true);
    expect(state.records).toHaveLength(2);
    vi.advanceTimersByTime(120 * (perIteration - 3));
    expect(state.records).toHaveLength(perIteration - 1);
    expect(state.summaries).toHaveLength(0);
    vi.advanceTimersByTime(120);
    // The evaluation record closes the iteration: its summary arrives with it, and the loop stands
    // at the next iteration's first phase.
    expect(state.records).toHaveLength(perIteration);
    // The recorded figures as written, completed with the by-level ones from the trace.
    expect(state.summaries).toHaveLength(1);
    expect(state.summaries[0]).toMatchObject(run.summaries[0] as object);
    expect(state.summaries[0]?.byDifficulty?.map((l) => l.difficulty)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(state.busy).toBe(false);
    expect(state.position).toEqual({ ...start, iteration: 2 });
    vi.advanceTimersByTime(10_000);
    expect(state.records).toHaveLength(perIteration);
  });

  it('runs several iterations, pauses between phases, and ends at the last record', () => {
    const { state, driver } = replay();
    driver.run(2);
    vi.advanceTimersByTime(120 * 4);
    driver.pause();
    expect(state.records).toHaveLength(5);
    expect(state.busy).toBe(false);
    expect(state.ended).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(state.records).toHaveLength(5);

    driver.run(100);
    vi.advanceTimersByTime(120 * 8 * perIteration);
    expect(state.records).toHaveLength(8 * perIteration);
    expect(state.summaries).toHaveLength(8);
    expect(state.ended).toBe(true);
    expect(state.position).toEqual({ ...start, iteration: 9 });
    driver.step();
    expect(state.records).toHaveLength(8 * perIteration);
  });

  it('resets to the start, keeping the recorded Table 5', () => {
    const { state, driver } = replay();
    driver.run(1);
    vi.advanceTimersByTime(120 * perIteration);
    expect(state.summaries).toHaveLength(1);
    driver.reset();
    expect(state.records).toHaveLength(0);
    expect(state.summaries).toHaveLength(0);
    expect(state.position).toEqual(start);
    expect(state.coevolution?.iterations).toBe(8);
    driver.step();
    expect(state.records[0]).toEqual(run.trace[0]);
  });
});
