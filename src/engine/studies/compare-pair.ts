/**
 * The shipped recordings that `/?mode=replay&compare=released` opens, all on the classroom preset,
 * seed 1, 8 iterations, written by `npm run record:compare` (scripts/record-compare.ts) into
 * public/runs/: the pair "as intended" (the defaults) and "as released" (`release.mode=as-released`),
 * and the one-change runs, each "as intended" with exactly one released behaviour.
 */
import type { ConfigOverride } from '../../core/config';

export const PAIR_FILES = {
  intended: 'compare-as-intended.json',
  released: 'compare-as-released.json',
} as const;

export type PairSide = keyof typeof PAIR_FILES;

/** A run that changes one released behaviour (docs/algorithms.md §7) and nothing else. */
export interface OneChangeRun {
  /** Key of the run on the page and in `npm run record:compare -- --only ID`; its words are in compare-*.ts. */
  id: OneChangeId;
  file: string;
  /** The settings it changes, to their released values (a subset of RELEASED_SETTINGS). */
  set: ConfigOverride;
}

export type OneChangeId = 'plain-labelling' | 'released-gate' | 'executor-schedule';

/** The one-change runs, in the order the story tells them. */
export const ONE_CHANGE_RUNS: readonly OneChangeRun[] = [
  // §7.4: pseudo-labels from the plain solver, without the tool.
  { id: 'plain-labelling', file: 'compare-only-plain-labelling.json', set: { labelling: { mode: 'plain' } } },
  // §7.1 and §7.10: the questioner's own ("golden") answer gates p̂, read as the last character of its
  // box. The reading alone changes nothing while the gate is off (the intended default), so both go.
  {
    id: 'released-gate',
    file: 'compare-only-released-gate.json',
    set: { proxy: { gate: true, goldenAnswer: 'last-character' } },
  },
  // §4.5: one executor update per batch, as Agent0's executor script runs (classroom makes 4).
  { id: 'executor-schedule', file: 'compare-only-executor-schedule.json', set: { executor: { updatesPerStep: 1 } } },
];
