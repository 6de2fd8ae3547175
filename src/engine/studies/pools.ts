/**
 * The question pools of a run's trace, and what the oracle makes of them: each iteration's pool in
 * order, how many of a pool's questions sit at each difficulty, and how many the oracle answers (a
 * Table 5 cell's pass rate is over those questions, src/engine/studies/coevolution.ts).
 */
import { DIFFICULTIES, solveQuestion } from '../../core/tasks';
import type { PhaseRecord } from '../loop/trace';

/** The question pool of each iteration of a trace, in iteration order. */
export function poolsOfTrace(trace: readonly PhaseRecord[]): string[][] {
  const pools = new Map<number, string[]>();
  for (const r of trace)
    if (r.phase === 'question-pool')
      pools.set(
        r.iteration,
        r.questions.map((q) => q.question),
      );
  return [...pools.keys()].sort((a, b) => a - b).map((k) => pools.get(k) as string[]);
}

/**
 * How many of a column's questions the oracle puts at each difficulty: index 0 counts the questions
 * outside the task family (or without a value), index d the questions of level d = 1…7 (levels 6–7
 * are the step problems a tool user solves in two calls, so a column's share of them bounds how far
 * its tool calls per rollout can rise above one).
 */
export function levelCounts(questions: readonly string[]): number[] {
  const counts = new Array<number>(DIFFICULTIES.length + 1).fill(0);
  for (const q of questions) {
    const level = solveQuestion(q)?.difficulty ?? 0;
    counts[level] = (counts[level] ?? 0) + 1;
  }
  return counts;
}

/** The questions of each pool the oracle can answer: a Table 5 cell's pass rate is over these. */
export function answerableCounts(pools: readonly (readonly string[])[]): number[] {
  return pools.map((pool) => pool.filter((q) => solveQuestion(q) !== null).length);
}
