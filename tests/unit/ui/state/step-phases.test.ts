import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import { PHASES } from '../../../../src/engine/loop/trace';
import { replayDriver } from '../../../../src/ui/state/replay-driver';
import { RunState } from '../../../../src/ui/state/run.svelte';
import { stepUntil } from '../../../../src/ui/state/step-phases';

const recording = asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));

describe('stepUntil: phase by phase until a goal holds', () => {
  it('stops at the first record of self-labelling: phase 7 of iteration 1, after phases 1–5 of every questioner step and the pool', async () => {
    const state = new RunState();
    const driver = replayDriver(state, recording);
    await stepUntil(
      state,
      driver,
      () => state.latest('self-labelling') !== null,
      () => false,
    );
    // Phases 1–5 run once per curriculum step (two in the classroom preset), then the pool phase:
    // self-labelling is record 5K + 2.
    expect(PHASES.indexOf('self-labelling')).toBe(6);
    expect(recording.config.questioner.steps).toBe(2);
    expect(state.phasesRun).toBe(5 * 2 + 2);
    driver.dispose();
  });
  it('a cancelled stepping runs nothing more', async () => {
    const state = new RunState();
    const driver = replayDriver(state, recording);
    await stepUntil(
      state,
      driver,
      () => false,
      () => state.phasesRun >= 2,
    );
    expect(state.phasesRun).toBe(2);
    driver.dispose();
  });
  it('ends with the recording, not in a loop', async () => {
    const state = new RunState();
    const driver = replayDriver(state, recording);
    await stepUntil(
      state,
      driver,
      () => false,
      () => false,
    );
    expect(state.phasesRun).toBe(recording.trace.length);
    expect(state.ended).toBe(true);
    driver.dispose();
  });
});
