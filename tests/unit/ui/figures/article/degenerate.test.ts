/** The degenerate-group counts and advantages of the GRPO section (degenerate.ts). */
import { describe, expect, it } from 'vitest';
import { grpoAdvantages } from '../../../../../src/core/grpo';
import { degenerateCounts, outlierAdvantage, splitAdvantage } from '../../../../../src/ui/figures/article/degenerate';

describe('degenerate groups', () => {
  it('counts all-equal groups and lone outliers', () => {
    const groups = [
      { rewards: [1, 1, 1, 1] },
      { rewards: [-1, 1, 1, 1] },
      { rewards: [0.2, 0.5, 0.2, 0.2] },
      { rewards: [1, 1, -1, -1] },
      { rewards: [1, -1] },
    ];
    expect(degenerateCounts(groups)).toEqual({ equal: 1, outlier: 2, split: 2 });
  });
  it('a lone outlier in a group of G gets |A| = (G − 1)/√G', () => {
    // G = 4: 3/2; G = 16: 15/4 (hand-computed), and GRPO's own advantage agrees.
    expect(outlierAdvantage(4)).toBeCloseTo(1.5, 12);
    expect(outlierAdvantage(16)).toBeCloseTo(3.75, 12);
    const a = grpoAdvantages([0.7, 0.2, 0.2, 0.2], [0, 0, 0, 0]).advantages[0] ?? 0;
    expect(a).toBeCloseTo(1.5, 4); // the 1e-6 in the denominator moves it by 6e-6
  });
  it('a group split half and half gets |A| = √((G − 1)/G) for every rollout', () => {
    // G = 4, rewards 1, 1, 0, 0: mean ½, unbiased variance 4·¼/3 = ⅓, so |A| = ½·√3 = 0.8660 (by hand).
    expect(splitAdvantage(4)).toBeCloseTo(0.8660254, 6);
    // G = 2: √½ = 0.7071.
    expect(splitAdvantage(2)).toBeCloseTo(0.7071068, 6);
    const adv = grpoAdvantages([1, 1, 0, 0], [0, 0, 0, 0]).advantages;
    expect(adv[0]).toBeCloseTo(0.866, 4);
    expect(adv[3]).toBeCloseTo(-0.866, 4);
  });
});
