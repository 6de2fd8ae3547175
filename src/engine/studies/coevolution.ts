/**
 * Agent0's Table 5, for a run of this simulator: executors frozen after chosen iterations answer the
 * question pool of every iteration. A cell is the frozen executor's pass rate on that pool against
 * the oracle, over `labelling.samples` tool rollouts per question at the labelling sampling
 * (docs/algorithms.md §1.6), and its tool calls per rollout:
 *
 *   pass(k, j) = Σ_q Σ_i [answer_i(q) ≡ oracle(q)] / (n · |Q_j|),  toolCalls(k, j) = Σ calls / (n · |Q_j|)
 *
 * over the questions Q_j of pool j the oracle can answer, n samples each. A pool whose questions the
 * oracle cannot answer at all gives null. The paper's row (frozen iteration-1 executor, pools of
 * iterations 1–3) is PAPER_TABLE5 in src/core/paper.ts.
 */
import { extractBoxed } from '../../core/boxed';
import { toolSolverPrompt } from '../../core/contracts';
import type { Agent0Config } from '../../core/config';
import { answersEquivalent } from '../../core/equivalence';
import { Rng } from '../../core/random';
import { solveQuestion } from '../../core/tasks';
import type { TinyLM } from '../../model/model';
import type { EngineContext, ToolRunner } from '../loop/context';
import { modelToolRollouts } from '../loop/executor-rollouts';
import { questionPool } from '../loop/executor-phases';
import type { CoevolutionRow } from '../files/coevolution-table';

/** Seed of the table's sampling: fixed, so a table is the same whenever it is computed. */
export const COEVOLUTION_SEED = 5_252_025;

/**
 * The paper's own columns (it asks 200 questions of each curriculum iteration): `count` fresh
 * questions written by `questioner`, the curriculum agent after iteration `iteration`, as the pool
 * phase writes them (pool sampling, its tool, contract-valid questions that leave the solver room;
 * §1.2), seeded by the iteration so that the same questioner always writes the same questions.
 * Many more than a classroom pool's 32, so that a column's pass rate is not dominated by which few
 * questions it happened to hold.
 */
export async function freshQuestions(
  questioner: TinyLM,
  iteration: number,
  count: number,
  config: Agent0Config,
  runTool: ToolRunner,
): Promise<string[]> {
  const ctx: EngineContext = {
    config: { ...config, pool: { ...config.pool, questions: count } },
    questioner,
    executor: questioner,
    questionerRef: questioner,
    executorRef: questioner,
    runTool,
    rng: new Rng(COEVOLUTION_SEED + iteration),
    backend: '',
  };
  return (await questionPool(ctx)).questions.map((q) => q.question);
}

/** One row: `executor` (frozen) on every pool; `onPool(j)` after pool j's cell (for a progress bar). */
export async function coevolutionRow(
  solver: number,
  executor: TinyLM,
  pools: readonly (readonly string[])[],
  config: Agent0Config,
  runTool: ToolRunner,
  onPool?: (pool: number) => void,
): Promise<CoevolutionRow> {
  const l = config.labelling;
  const ctx: EngineContext = {
    config,
    questioner: executor,
    executor,
    questionerRef: executor,
    executorRef: executor,
    runTool,
    rng: new Rng(COEVOLUTION_SEED),
    backend: '',
  };
  const pass: (number | null)[] = [];
  const toolCalls: (number | null)[] = [];
  for (const [j, pool] of pools.entries()) {
    const judged = pool.flatMap((q) => {
      const oracle = solveQuestion(q);
      return oracle ? [{ q, answer: oracle.answer }] : [];
    });
    if (judged.length === 0) {
      pass.push(null);
      toolCalls.push(null);
      onPool?.(j);
      continue;
    }
    const prompts = judged.flatMap(({ q }) => Array.from({ length: l.samples }, () => toolSolverPrompt(q)));
    const rollouts = await modelToolRollouts(ctx, executor, prompts, {
      temperature: l.temperature,
      topP: l.topP,
      topK: l.topK,
      maxToolTurns: config.executor.maxTurns,
      maxObservationChars: config.executor.toolOutputMaxChars,
    });
    const cell = tableCell(
      rollouts,
      judged.map((x) => x.answer),
      l.samples,
    );
    pass.push(cell.pass);
    toolCalls.push(cell.toolCalls);
    onPool?.(j);
  }
  return { solver, pass, toolCalls };
}

/**
 * One cell from its rollouts (`samples` per question, in question order) and the oracle's answers:
 * pass = Σ[boxed answer ≡ oracle] / rollouts, toolCalls = Σ calls / rollouts.
 */
export function tableCell(
  rollouts: readonly { text: string; toolCalls: number }[],
  answers: readonly string[],
  samples: number,
): { pass: number; toolCalls: number } {
  const right = rollouts.filter((r, i) => {
    const a = extractBoxed(r.text);
    return a !== null && answersEquivalent(a, answers[Math.floor(i / samples)] ?? '');
  }).length;
  return {
    pass: right / rollouts.length,
    toolCalls: rollouts.reduce((s, r) => s + r.toolCalls, 0) / rollouts.length,
  };
}

/** The frozen executors Table 5 asks for: the base (0), after iterations 1 and 3, and the last. */
export function tableSolvers(iterations: number): number[] {
  return [...new Set([0, 1, 3, iterations].filter((k) => k <= iterations))];
}
