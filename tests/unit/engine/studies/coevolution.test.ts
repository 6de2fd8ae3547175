import { describe, expect, it } from 'vitest';
import { tableCell, tableSolvers } from '../../../../src/engine/studies/coevolution';
import { levelCounts, poolsOfTrace } from '../../../../src/engine/studies/pools';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';

describe('Table 5 cells, hand-computed', () => {
  it('pass rate over all samples against the oracle, tool calls per rollout', () => {
    // Two questions (answers 7 and 1/2), 3 samples each: right are \boxed{7}, \boxed{7.0} (equivalent),
    // \boxed{0.5}; wrong are \boxed{8}, no box, \boxed{2}. pass = 3/6; calls (2+1+0+1+0+2)/6 = 1.
    const r = (text: string, toolCalls: number) => ({ text, toolCalls });
    const cell = tableCell(
      [
        r('\\boxed{7}', 2),
        r('\\boxed{7.0}', 1),
        r('\\boxed{8}', 0),
        r('\\boxed{0.5}', 1),
        r('none', 0),
        r('\\boxed{2}', 2),
      ],
      ['7', '1/2'],
      3,
    );
    expect(cell).toEqual({ pass: 0.5, toolCalls: 1 });
  });
  it('counts a column’s questions by the oracle’s level, outside the family first', () => {
    // Level 1: two one-digit operands, + or −. Otherwise the lowest level of src/core/step-tasks.ts's
    // table whose bounds admit it: 12 * 15 (two literals ≤ 30) and "Let x = 3 + 4 . What is x * 2 ?"
    // (one more operand) level 2; 45 * 3 − 17 (three literals, one above 30) level 4; "Let x = 3 + 4 * 5
    // . What is x * 2 − 7 ?" (two more operands in E2) level 5. Division by zero and free text are outside.
    const counts = levelCounts([
      'What is 3 + 4 ?',
      'What is 9 - 2 ?',
      'Compute 12 * 15 .',
      'Evaluate 45 * 3 - 17 .',
      'Let x = 3 + 4 . What is x * 2 ?',
      'Let x = 3 + 4 * 5 . What is x * 2 - 7 ?',
      'What is 3 / 0 ?',
      'hello',
    ]);
    expect(counts).toEqual([2, 2, 2, 0, 1, 1, 0, 0]);
  });
  it('frozen executors 0, 1, 3 and the last', () => {
    expect(tableSolvers(8)).toEqual([0, 1, 3, 8]);
    expect(tableSolvers(3)).toEqual([0, 1, 3]);
    expect(tableSolvers(2)).toEqual([0, 1, 2]);
    expect(tableSolvers(1)).toEqual([0, 1]);
  });
  it('reads each iteration’s pool in iteration order', () => {
    const pool = (iteration: number, qs: string[]) =>
      ({
        phase: 'question-pool',
        iteration,
        questions: qs.map((question) => ({ question, answer: '' })),
      }) as unknown as PhaseRecord;
    expect(poolsOfTrace([pool(2, ['b']), pool(1, ['a', 'c'])])).toEqual([['a', 'c'], ['b']]);
  });
});
