/**
 * Stepping the run from the page, one phase at a time (the paced Run, state/paced-run.svelte.ts, and
 * the lesson's "run to the question", classroom/LessonPanel.svelte): each phase starts once the one
 * before it has ended.
 */
import type { Driver } from './driver';
import type { RunState } from './run.svelte';

/** Run one phase and wait until the command ends (idle, an error or the worker's death). */
export async function stepPhase(run: RunState, driver: Driver): Promise<void> {
  driver.step();
  await run.whenIdle();
}

/**
 * Step phase by phase until `done()` holds, the run ends or fails, or `cancelled()`. A step that
 * runs no phase (the run refused it) ends the stepping instead of asking again.
 */
export async function stepUntil(
  run: RunState,
  driver: Driver,
  done: () => boolean,
  cancelled: () => boolean,
): Promise<void> {
  await run.whenIdle();
  while (!done() && !cancelled() && run.ready && !run.ended && run.error === null) {
    const before = run.phasesRun;
    await stepPhase(run, driver);
    if (run.phasesRun === before) return;
  }
}
