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

/** The held-out tasks: `perDifficulty` of each difficulty 1–7, in order of difficulty. */
export function heldOutTasks(perDifficulty: number): ArithmeticTask[] {
  const rng = new Rng(HELD_OUT_SEED);
  return DIFFICULTIES.flatMap((d) => Array.from({ length: perDifficulty }, () => generateTask(rng, d)));
}

/** Share of pseudo-labels equal to the oracle's answer, over questions the oracle can answer. */
export function pseudoLabelAccuracy(labels: SelfLabel[]): number | null {
  const judged = labels.filter((l) => l.correct !== null);
  return judged.length === 0 ? null : judged.filter((l) => l.correct).length / judged.length;
}

/** One solver answer to a held-out task: its text (the boxed answer is read from it) and its executed programs. */
export interface HeldOutAnswer {
  text: string;
  toolCalls: number;
}

/**
 * The held-out scores of answers to `tasks` (same positions), over all tasks and per difficulty d of
 * DIFFICULTIES with T_d the tasks of difficulty d:
 * accuracy_d = #{i ∈ T_d : boxed(a_i) ≡ answer_i} / max(1, |T_d|),
 * toolUse_d = #{i ∈ T_d : toolCalls_i > 0} / max(1, |T_d|), n_d = |T_d|; the overall accuracy and
 * tool use are the same over all tasks. ≡ is answer equivalence (§2.2); no box is wrong.
 */
export function scoreHeldOut(
  tasks: readonly Pick<ArithmeticTask, 'difficulty' | 'answer'>[],
  answers: readonly HeldOutAnswer[],
): Omit<EvaluationResult, 'pseudoLabelAccuracy'> {
  if (answers.length !== tasks.length)
    throw new Error(`scoreHeldOut: ${answers.length} answers for ${tasks.length} tasks.`);
  const correct = answers.map((r, i) => {
    const a = extractBoxed(r.text);
    return a !== null && answersEquivalent(a, (tasks[i] as ArithmeticTask).answer);
  });
  const byDifficulty = DIFFICULTIES.map((d) => {
    const idx = tasks.flatMap((t, i) => (t.difficulty === d ? [i] : []));
    return {
      difficulty: d,
      n: idx.length,
      accuracy: idx.filter((i) => correct[i]).length / Math.max(1, idx.length),
      toolUse: idx.filter((i) => (answers[i]?.toolCalls ?? 0) > 0).length / Math.max(1, idx.length),
    };
  });
  return {
    accuracy: correct.filter(Boolean).length / Math.max(1, tasks.length),
    byDifficulty,
    toolUseRate: answers.filter((r) => r.toolCalls > 0).length / Math.max(1, answers.length),
  };
}

/**
 * Phase 10 on the held-out set (or on `tasks`, e.g. `npm run eval:base`'s proposed ladder): the
 * executor greedy, with the tool, scored against each task's exact answer.
 */
export async function evaluateExecutor(
  ctx: EngineContext,
  labels: SelfLabel[],
  tasks: readonly Pick<ArithmeticTask, 'difficulty' | 'question' | 'answer'>[] = heldOutTasks(
    ctx.config.evaluation.questionsPerDifficulty,
  ),
): Promise<EvaluationResult> {
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
    return {
      ...scoreHeldOut(tasks, rollouts),
      pseudoLabelAccuracy: pseudoLabelAccuracy(labels),
    };
  } finally {
    ctx.rng = saved;
  }
}
