/** The curation band's examples that the labelling sentences cite (band-scores.ts). */
import { describe, expect, it } from 'vitest';
import { bandExamples } from '../../../../src/ui/lib/band-scores';

describe('band examples', () => {
  it('the lowest and highest k/n inside the curation band', () => {
    // n = 9, band [0.3, 0.8]: 3/9 = 0.333 … 7/9 = 0.778
    expect(bandExamples(9, 0.3, 0.8)).toEqual({ low: 3, high: 7, n: 9 });
    // inclusive bounds: n = 10, [0.3, 0.8] → 3/10 … 8/10
    expect(bandExamples(10, 0.3, 0.8)).toEqual({ low: 3, high: 8, n: 10 });
    expect(bandExamples(2, 0.3, 0.4)).toBeNull();
  });
});
