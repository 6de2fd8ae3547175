/**
 * A recording's Table 5 (`coevolution`, written by `npm run coevolution -- --out FILE`), checked
 * before the page draws it: a list of rows, each an executor frozen after a distinct iteration
 * (0 = the base model, up to the run's last, in increasing order) with one cell per iteration's
 * question pool: a pass rate in [0, 1] and tool calls per rollout ≥ 0, or null in both (a pool
 * the oracle cannot answer). A table that fails is refused whole, with the field that failed.
 */
import { ProblemError } from '../../core/problem-error';
import type { RunHeaderField } from '../../core/problems';

export interface CoevolutionRow {
  /** The iteration after which this executor was frozen (0 = the base model). */
  solver: number;
  /** One cell per iteration's pool, in order. */
  pass: (number | null)[];
  toolCalls: (number | null)[];
}

const refuse = (field: string, expected: RunHeaderField): never => {
  throw new ProblemError([{ kind: 'checkpoint-header', field, expected }]);
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * `table` (parsed JSON of unknown shape) as the Table 5 of a run of `iterations` iterations, or a
 * ProblemError naming the first field (`coevolution[1].pass[2]`) that is not what such a table holds.
 */
export function checkCoevolution(table: unknown, iterations: number): CoevolutionRow[] {
  if (!Array.isArray(table) || table.length === 0 || table.length > iterations + 1)
    return refuse('coevolution', 'coevolution');
  let previous = -1;
  table.forEach((row: unknown, i) => {
    const at = `coevolution[${i}]`;
    if (!isObject(row)) return refuse(at, 'coevolution');
    const { solver, pass, toolCalls } = row;
    if (!Number.isSafeInteger(solver) || (solver as number) <= previous || (solver as number) > iterations)
      refuse(`${at}.solver`, 'coevolution-solver');
    previous = solver as number;
    if (!Array.isArray(pass) || pass.length !== iterations) refuse(`${at}.pass`, 'coevolution-cells');
    if (!Array.isArray(toolCalls) || toolCalls.length !== iterations) refuse(`${at}.toolCalls`, 'coevolution-cells');
    (pass as unknown[]).forEach((p, j) => {
      const calls = (toolCalls as unknown[])[j];
      if (p === null && calls === null) return;
      if (!isNumber(p) || p < 0 || p > 1) refuse(`${at}.pass[${j}]`, 'coevolution-cell');
      if (!isNumber(calls) || calls < 0) refuse(`${at}.toolCalls[${j}]`, 'coevolution-cell');
    });
  });
  return table as CoevolutionRow[];
}
