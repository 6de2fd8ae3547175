/**
 * Where the loop stands, and the rules of its order (docs/algorithms.md §1): an iteration is K
 * curriculum steps (questioner rollouts → contract parsing → solver proxy → curriculum reward →
 * questioner update), then the question pool, self-labelling, curation, `executor.steps` executor
 * updates and the evaluation. Every part of the app that asks "is this the start of an iteration?"
 * or "which step counter does this phase's record carry?" asks here.
 */
import type { PhaseName } from './trace';

/** Position in the loop: which phase runs next, and the step counters of the repeated phases. */
export interface LoopPosition {
  iteration: number;
  phase: PhaseName;
  questionerStep: number;
  executorStep: number;
}

/** The first phase of `iteration`: questioner rollouts of curriculum step 0, executor step 0. */
export function iterationStart(iteration: number): LoopPosition {
  return { iteration, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 };
}

/**
 * Whether the loop stands between iterations: the only place a run is saved, forked, or stopped by
 * "Run iteration", and where each iteration's reference models are taken.
 */
export function atIterationStart(p: LoopPosition): boolean {
  return p.phase === 'questioner-rollouts' && p.questionerStep === 0;
}

/** The step counter a phase's record carries: the executor step for executor updates, else the curriculum step. */
export function stepOf(p: LoopPosition): number {
  return p.phase === 'executor-update' ? p.executorStep : p.questionerStep;
}

/** The position a record was made at (inverse of `stepOf`: the other counter is 0 in the record's view). */
export function positionOfRecord(record: { iteration: number; phase: PhaseName; step: number }): LoopPosition {
  const executor = record.phase === 'executor-update';
  return {
    iteration: record.iteration,
    phase: record.phase,
    questionerStep: executor ? 0 : record.step,
    executorStep: executor ? record.step : 0,
  };
}

/** The position after `p`'s phase has run, with K = `steps.questioner` curriculum steps and `steps.executor` executor updates. */
export function nextPosition(p: LoopPosition, steps: { questioner: number; executor: number }): LoopPosition {
  const next: Record<PhaseName, () => LoopPosition> = {
    'questioner-rollouts': () => ({ ...p, phase: 'contract-parsing' }),
    'contract-parsing': () => ({ ...p, phase: 'solver-proxy' }),
    'solver-proxy': () => ({ ...p, phase: 'curriculum-reward' }),
    'curriculum-reward': () => ({ ...p, phase: 'questioner-update' }),
    'questioner-update': () =>
      p.questionerStep + 1 < steps.questioner
        ? { ...p, phase: 'questioner-rollouts', questionerStep: p.questionerStep + 1 }
        : { ...p, phase: 'question-pool' },
    'question-pool': () => ({ ...p, phase: 'self-labelling' }),
    'self-labelling': () => ({ ...p, phase: 'curation' }),
    curation: () => ({ ...p, phase: 'executor-update' }),
    'executor-update': () =>
      p.executorStep + 1 < steps.executor ? { ...p, executorStep: p.executorStep + 1 } : { ...p, phase: 'evaluation' },
    evaluation: () => iterationStart(p.iteration + 1),
  };
  return next[p.phase]();
}
