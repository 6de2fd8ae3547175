/** Words for running a class: the header's menu, the pace of Run, following the phase, projector mode. */

/** How Run moves through phases (state/paced-run.svelte.ts). */
export type PaceId = 'continuous' | 'each-phase' | 'delay-2' | 'delay-5' | 'delay-10';

export interface ClassroomTexts {
  /** The header's menu of secondary controls. */
  menu: string;
  /** The pace select beside Run, and its choices. */
  pace: string;
  paces: Record<PaceId, string>;
  /** Status while the engine finishes the phase it is on before pausing. */
  pausing: string;
  /** Status of a paced run between phases: held for Run, or waiting `seconds` before the next phase. */
  heldAfterPhase: (iteration: number) => string;
  waitingNext: (seconds: number) => string;
  /** Status while the Python sandbox boots for the first tool call of the run. */
  startingPython: string;
  /** The progress of a phase's programs: `done` run of `total` the model has written so far. */
  programsRun: (done: number, total: number) => string;
  /** The checkbox that scrolls to the figure of the phase just run. */
  followPhase: string;
  /** The checkbox of projector mode. */
  projector: string;
  /** The phases a chapter explains, in the contents ("phases 3–4"). */
  chapterPhases: (phases: string) => string;
  /** Why the contents and the phase strip have different orders. */
  orderNote: string;
}
