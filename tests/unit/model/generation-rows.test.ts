/** The rows a generation round computes and the ids it spreads back (src/model/generation-rows.ts), by hand. */
import { describe, expect, it } from 'vitest';
import { idsBySequence, narrowedRows } from '../../../src/model/generation-rows';

const flags = (n: number, on: number[]) => Array.from({ length: n }, (_, b) => on.includes(b));

describe('narrowedRows', () => {
  it('keeps the writing sequences, padded with the first stopped ones to the next power of two', () => {
    // 3 of 10 writing → 4 rows: the three, then stopped sequence 0.
    expect(narrowedRows(flags(10, [1, 4, 7]))).toEqual([1, 4, 7, 0]);
    // 6 of 10 → 8 rows (below 10): the six, then stopped 0 and 2.
    expect(narrowedRows(flags(10, [1, 3, 4, 5, 7, 9]))).toEqual([1, 3, 4, 5, 7, 9, 0, 2]);
    // One writing → one row.
    expect(narrowedRows(flags(10, [6]))).toEqual([6]);
  });

  it('narrows nothing when the power of two is not below the batch', () => {
    // 9 of 10 → 16 ≥ 10; 5 of 8 → 8 = 8.
    expect(narrowedRows(flags(10, [0, 1, 2, 3, 4, 5, 6, 7, 8]))).toBeNull();
    expect(narrowedRows(flags(8, [0, 2, 4, 6, 7]))).toBeNull();
  });
});

describe('idsBySequence', () => {
  it('puts row i of each step at sequence view[i]', () => {
    // Two steps of rows [sequence 2, sequence 0] in a batch of 3: step 0 draws 5, 6; step 1 draws 7, 8.
    const out = idsBySequence(Int32Array.from([5, 6, 7, 8]), [2, 0], 3, 2);
    expect(Array.from(out)).toEqual([6, 0, 5, 8, 0, 7]);
  });
});
