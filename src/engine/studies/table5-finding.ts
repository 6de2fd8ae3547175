/**
 * What a run's Table 5 says against the paper's: the executor frozen after iteration 1 on the first
 * pool against the third (the paper's comparison), from the run's own table
 * (src/engine/studies/coevolution.ts) and the paper's numbers (PAPER_TABLE5, src/core/paper.ts).
 */
import { PAPER_TABLE5 } from '../../core/paper';
import { shareGap } from '../../core/stats';
import type { CoevolutionRow } from '../files/coevolution-table';

/** Percentage points from `a` to `b` (shares), to one decimal: 0.64 → 0.51 is −13.0. */
export function points(a: number, b: number): number {
  return Math.round((b - a) * 1000) / 10;
}

/** What the sentence beside the table says, from the run's own numbers. */
export type Table5Finding =
  /** Fewer than two pools: nothing to compare yet. */
  | { kind: 'short' }
  /** No executor frozen after iteration 1, or it has no cell on pool 1 or on the pool compared. */
  | { kind: 'no-cells'; pool: number }
  | {
      kind: 'compare';
      /** The pool compared with pool 1: pool 3, or the last when there are fewer (1-based). */
      pool: number;
      passFrom: number;
      passTo: number;
      /** Percentage points from pool 1 to `pool` (negative: a fall). */
      change: number;
      /** The questions behind each of the two cells (the oracle answers them). */
      questionsFrom: number;
      questionsTo: number;
      /**
       * Standard error of the change in points, √(a(1−a)/n₁ + b(1−b)/n₃) × 100 over the questions (a
       * question's samples are not independent draws, so the count of questions is the n).
       */
      standardError: number;
      /** |change| < NOISE_STANDARD_ERRORS standard errors: no measurable change. */
      withinNoise: boolean;
      toolFrom: number;
      toolTo: number;
      /** The paper's change from pool 1 to the same pool, in points, and its tool calls there. */
      paperChange: number;
      paperToolTo: number;
    };

/**
 * The executor frozen after iteration 1 on pool 1 against pool 3 (the paper's comparison), or against
 * the last pool when the run has only two; `questions[j]` is how many questions pool j's cells are over.
 */
export function table5Finding(rows: readonly CoevolutionRow[], questions: readonly number[]): Table5Finding {
  const row = rows.find((r) => r.solver === PAPER_TABLE5.solver);
  const pools = rows[0]?.pass.length ?? 0;
  if (pools < 2) return { kind: 'short' };
  const to = Math.min(3, pools) - 1;
  const passFrom = row?.pass[0] ?? null;
  const passTo = row?.pass[to] ?? null;
  const toolFrom = row?.toolCalls[0] ?? null;
  const toolTo = row?.toolCalls[to] ?? null;
  const questionsFrom = questions[0] ?? 0;
  const questionsTo = questions[to] ?? 0;
  if (passFrom === null || passTo === null || toolFrom === null || toolTo === null || !questionsFrom || !questionsTo)
    return { kind: 'no-cells', pool: to + 1 };
  const gap = shareGap(passFrom, questionsFrom, passTo, questionsTo);
  return {
    kind: 'compare',
    pool: to + 1,
    passFrom,
    passTo,
    change: points(passFrom, passTo),
    questionsFrom,
    questionsTo,
    standardError: Math.round(gap.standardError * 1000) / 10,
    withinNoise: gap.withinNoise,
    toolFrom,
    toolTo,
    paperChange: points(PAPER_TABLE5.pass[0], PAPER_TABLE5.pass[to] as number),
    paperToolTo: PAPER_TABLE5.toolCalls[to] as number,
  };
}
