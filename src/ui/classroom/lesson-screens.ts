/**
 * The guided lesson's screens, in the order of the loop's phases: chapter 8 (roles, contracts, the
 * curriculum reward), chapter 9 (self-labelling, curation, GRPO, ADPO), the curves and the repair
 * lab's reshaped signal. Each screen points at one figure of the page (its `data-view`) and names the
 * phase whose record that figure draws; four of them ask the class to predict before that phase runs.
 */
import type { PhaseName } from '../../engine/loop/trace';
import type { PredictionKind } from './lesson-predictions';

export type LessonScreenId =
  | 'loop'
  | 'contracts'
  | 'proxy'
  | 'predict-reward'
  | 'repetition'
  | 'predict-no-gradient'
  | 'grpo-clip'
  | 'votes'
  | 'predict-curation'
  | 'pseudo'
  | 'predict-clip'
  | 'adpo'
  | 'curves'
  | 'repair';

export interface LessonScreen {
  id: LessonScreenId;
  /** The figure the screen points at (`data-view` of its <figure>). */
  view: string;
  /** The phase whose record the figure draws (null: the repair lab's recorded runs, not this run). */
  phase: PhaseName | null;
  /** The prediction the screen asks, if any. */
  predict?: PredictionKind;
}

export const LESSON_SCREENS: readonly LessonScreen[] = [
  { id: 'loop', view: 'loop', phase: null },
  { id: 'contracts', view: 'rollouts', phase: 'contract-parsing' },
  { id: 'proxy', view: 'uncertainty', phase: 'solver-proxy' },
  { id: 'predict-reward', view: 'reward-parts', phase: 'curriculum-reward', predict: 'top-reward' },
  { id: 'repetition', view: 'clusters', phase: 'curriculum-reward' },
  { id: 'predict-no-gradient', view: 'grpo-groups', phase: 'questioner-update', predict: 'no-gradient' },
  { id: 'grpo-clip', view: 'grpo-clip', phase: 'questioner-update' },
  { id: 'votes', view: 'votes', phase: 'self-labelling' },
  { id: 'predict-curation', view: 'histogram', phase: 'curation', predict: 'curation' },
  { id: 'pseudo', view: 'pseudo', phase: 'curation' },
  { id: 'predict-clip', view: 'adpo-ratios', phase: 'executor-update', predict: 'clip' },
  { id: 'adpo', view: 'adpo-curves', phase: 'executor-update' },
  { id: 'curves', view: 'curves', phase: 'evaluation' },
  { id: 'repair', view: 'repair-advantages', phase: null },
];

/**
 * The lesson step of an address's `lesson=` value, 1-based: null when absent; `problem` when it is
 * not a whole number from 1 to the number of screens (the lesson then opens at its first screen).
 */
export function readLessonStep(value: string | null): { step: number | null; problem: boolean } {
  if (value === null) return { step: null, problem: false };
  const ok = /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= LESSON_SCREENS.length;
  return ok ? { step: Number(value), problem: false } : { step: 1, problem: true };
}

/** Keys that move the lesson: → and PageDown (a presenter remote's "next") forward, ← and PageUp back. */
const MOVES: Record<string, number> = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };

/** The step a key moves to from `step` (1-based, kept within the screens), or null for a key that does not move. */
export function stepAfterKey(step: number, key: string): number | null {
  const move = MOVES[key];
  if (move === undefined) return null;
  return Math.min(LESSON_SCREENS.length, Math.max(1, step + move));
}
