/**
 * Phase 10: the executor as deployed (tool mode, greedy) on a fixed held-out set across the
 * difficulties, scored against the oracle's true answers — something real Agent0 cannot measure.
 */
import { extractBoxed } from '../../core/boxed';
import { answersEquivalent } from '../../core/equivalence';
import { Rng } from '../../core/random';
import { type ArithmeticTask, DIFFICULTIES, generateTask } from '../../core/tasks';
import { toolSolverPrompt } from '../../core/contracts';
import type { EngineContext } from './context';
import { executorToolRollouts } from './executor-rollouts';
import type { EvaluationResult, SelfLabel } from './trace';

/** Seed of the held-out set: fixed, independent of the run's seed, so runs compare. */
export const HELD_OUT_SEED = 424242;

/** The held-out tasks: `perDifficulty` of each difficulty 1–5. */
export function heldOutTasks(perDifficulty: number): ArithmeticTask[] {
  const rng = new Rng(HELD_OUT_SEED);
  return DIFFICULTIES.flatMap((d) => Array.from({ length: perDifficulty }, () => generateTask(rng, d)));
}

/** Share of pseudo-labels equal to the oracle's answer, over questions the oracle can answer. */
export function pseudoLabelAccuracy(labels: SelfLabel[]): number | null {
  const judged = labels.filter((l) => l.correct !== null);
  return judged.length === 0 ? null : judged.filter((l) => l.correct).length / judged.length;
}

export async function evaluateExecutor(ctx: EngineContext, labels: SelfLabel[]): Promise<EvaluationResult> {
  const tasks = heldOutTasks(ctx.config.evaluation.questionsPerDifficulty);
  const saved = ctx.rng;
  ctx.rng = new Rng(HELD_OUT_SEED); // greedy decoding draws nothing, but keep the run's stream untouched
  try {
    const rollouts = await executorToolRollouts(
      ctx,
      tasks.map((t) => toolSolverPrompt(t.question)),
      {
        temperature: 0,
        topP: 1,
        maxToolTurns: ctx.config.executor.maxTurns,
        maxObservationChars: ctx.config.executor.toolOutputMaxChars,
      },
    );
    const correct = rollouts.map((r, i) => {
      const a = extractBoxed(r.text);
      return a !== null && answersEquivalent(a, (tasks[i] as ArithmeticTask).answer);
    });
    const byDifficulty = DIFFICULTIES.map((d) => {
      const idx = tasks.flatMap((t, i) => (t.difficulty === d ? [i] : []));
      return {
        difficulty: d,
        n: idx.length,
        accuracy: idx.filter((i) => correct[i]).length / Math.max(1, idx.length),
        toolUse: idx.filter((i) => (rollouts[i]?.toolCalls ?? 0) > 0).length / Math.max(1, idx.length),
      };
    });
    return {
      accuracy: correct.filter(Boolean).length / Math.max(1, tasks.length),
      byDifficulty,
      toolUseRate: rollouts.filter((r) => r.toolCalls > 0).length / Math.max(1, rollouts.length),
      pseudoLabelAccuracy: pseudoLabelAccuracy(labels),
    };
  } finally {
    ctx.rng = saved;
  }
}
