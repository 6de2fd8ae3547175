/**
 * Run at a chosen pace (issue 25), driven through the shipped recording's replay driver: how many
 * phases play, when the run holds or counts down, and that Pause ends it at once between phases.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import { PacedRun, paceDelaySeconds } from '../../../../src/ui/state/paced-run.svelte';
import { replayDriver } from '../../../../src/ui/state/replay-driver';
import { RunState } from '../../../../src/ui/state/run.svelte';
import { RECORDED_PER_ITERATION } from '../../../recorded-run';

const recording = asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));
const perIteration = RECORDED_PER_ITERATION;

function setup() {
  const run = new RunState();
  const driver = replayDriver(run, recording);
  const paced = new PacedRun(
    () => run,
    () => driver,
  );
  return { run, driver, paced };
}

describe('paced runs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the delay of each pace', () => {
    expect([paceDelaySeconds('continuous'), paceDelaySeconds('each-phase'), paceDelaySeconds('delay-5')]).toEqual([
      0, 0, 5,
    ]);
  });

  it('pause after each phase: each Run plays one phase and holds; Pause ends the hold', async () => {
    const { run, paced } = setup();
    paced.start('each-phase', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.records).toHaveLength(1);
    expect([paced.held, paced.target]).toEqual([true, 1]);
    paced.start('each-phase', 5); // a held run goes on to its own target
    await vi.advanceTimersByTimeAsync(0);
    expect(run.records).toHaveLength(2);
    expect(paced.target).toBe(1);
    paced.pause();
    expect([paced.held, paced.target, paced.active]).toEqual([false, null, false]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.records).toHaveLength(2);
  });

  it('2 s between phases: counts down 2, 1, then plays the next phase, and stops at the end of the iteration', async () => {
    const { run, paced } = setup();
    paced.start('delay-2', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect([run.records.length, paced.countdown]).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect([run.records.length, paced.countdown]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect([run.records.length, paced.countdown]).toEqual([2, 2]);
    // One iteration's records: perIteration − 1 waits of 2 s after the first phase, then it stops.
    await vi.advanceTimersByTimeAsync(2000 * (perIteration - 2));
    expect(run.records).toHaveLength(perIteration);
    expect([paced.active, paced.countdown]).toEqual([false, null]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.records).toHaveLength(perIteration);
  });

  it('Pause during a countdown stops at once: no further phase plays', async () => {
    const { run, paced } = setup();
    paced.start('delay-10', 3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(paced.countdown).toBe(7);
    paced.pause();
    expect([paced.active, paced.countdown]).toEqual([false, null]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.records).toHaveLength(1);
  });

  it('continuous hands the whole run to the driver', async () => {
    const { run, driver, paced } = setup();
    const runs = vi.spyOn(driver, 'run');
    paced.start('continuous', 2);
    expect(runs).toHaveBeenCalledWith(2);
    expect(paced.active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.records).toHaveLength(2 * perIteration);
  });
});
