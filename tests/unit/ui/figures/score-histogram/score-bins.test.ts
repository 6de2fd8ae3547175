/** The score histogram's bins (score-bins.ts). */
import { describe, expect, it } from 'vitest';
import { scoreBins } from '../../../../../src/ui/figures/score-histogram/score-bins';

describe('score bins', () => {
  it('bins s = k/9 and flags the 0.3–0.8 band', () => {
    const bins = scoreBins([1 / 9, 3 / 9, 3 / 9, 7 / 9, 8 / 9], 9, [0.3, 0.8]);
    expect(bins.map((b) => b.count)).toEqual([0, 1, 0, 2, 0, 0, 0, 1, 1, 0]);
    expect(bins.filter((b) => b.inBand).map((b) => b.k)).toEqual([3, 4, 5, 6, 7]);
  });
});
