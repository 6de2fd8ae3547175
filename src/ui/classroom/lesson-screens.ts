/**
 * The guided lesson's screens, in the order of the loop's phases: chapter 8 (roles, contracts, the
 * curriculum reward), chapter 9 (self-labelling, curation, GRPO, ADPO), the curves and the repair
 * lab's reshaped signal, with the co-evolution screens (the pools' level mix, Table 5, the frozen
 * questioner) between the curves and the repair lab. Each screen points at one figure of the page
 * (its `data-view`) and names the phase whose record that figure draws (null: a shipped recording's
 * figure, full from the start); four of them ask the class to predict before that phase runs.
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
  | 'level-mix'
  | 'table5'
  | 'pool-contrast'
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
  // Co-evolution, drawn from the shipped recordings whatever the run on screen has reached.
  { id: 'level-mix', view: 'level-mix', phase: null },
  { id: 'table5', view: 'coevolution', phase: null },
  { id: 'pool-contrast', view: 'pool-contrast', phase: null },
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
