/** A run file's summaries (src/engine/files/run-header.ts `checkSummaries`): numbers, and the by-level arrays. */
import { describe, expect, it } from 'vitest';
import { checkSummaries } from '../../../../src/engine/files/run-header';
import type { ProblemError } from '../../../../src/core/problem-error';

const level = { difficulty: 1, n: 20, accuracy: 0.5, toolUse: 0 };
const mix = { difficulty: 1, pool: 3, written: 4, repeated: null, labelled: 2, admitted: 0.5 };

describe('the summaries of a run file', () => {
  it('takes numbers, nulls, and by-level arrays of objects of numbers and nulls', () => {
    expect(() =>
      checkSummaries([{ iteration: 1, heldOutAccuracy: 0.5, gatePass: null, byDifficulty: [level], levels: [mix] }]),
    ).not.toThrow();
  });

  it.each([
    ['a string where a number goes', { iteration: 1, heldOutAccuracy: '0.5' }],
    ['an array under another key', { iteration: 1, heldOutAccuracy: [0.5] }],
    ['a by-level entry holding a string', { iteration: 1, byDifficulty: [{ ...level, accuracy: 'high' }] }],
    ['a by-level entry that is not an object', { iteration: 1, levels: [3] }],
    ['a by-level array far longer than the levels', { iteration: 1, byDifficulty: Array(65).fill(level) }],
  ])('refuses %s, naming the summary', (_, summary) => {
    let error: unknown = null;
    try {
      checkSummaries([summary]);
    } catch (e) {
      error = e;
    }
    expect((error as ProblemError).report.problems).toEqual([
      { kind: 'checkpoint-header', field: 'summaries[0]', expected: 'summary' },
    ]);
  });
});
