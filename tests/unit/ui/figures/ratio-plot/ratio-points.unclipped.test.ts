/**
 * Points outside their clip band that no clip touched (issue 61 item 9): with band [0.8, 1.28],
 * L = max(−A·ρ, −A·clip(ρ)) clips only where the sign of A pushes ρ further out, so
 * ρ = 1.4 with A = −1 keeps its gradient ("not clipped") while ρ = 1.4 with A = +1 is a high clip.
 */
import { describe, expect, it } from 'vitest';
import { clippedTokenLoss } from '../../../../../src/core/loss';
import { type RatioPoint, unclippedOutside } from '../../../../../src/ui/figures/ratio-plot/ratio-points';
import { FIGURES_EN } from '../../../../../src/ui/text/figures-en';

const band = { seq: 0, from: 0, to: 4, low: 0.8, high: 1.28 };
const point = (ratio: number, advantage: number, branch: RatioPoint['branch']): RatioPoint => ({
  seq: 0,
  token: 0,
  at: 0,
  ratio,
  advantage,
  branch,
});

describe('unclippedOutside', () => {
  it('keeps only the points outside the band whose branch is "not clipped"', () => {
    const above = point(1.4, -1, 'none');
    const below = point(0.7, 1, 'none');
    const inside = point(1.1, -1, 'none');
    const high = point(1.4, 1, 'high-clip');
    expect(unclippedOutside([above, below, inside, high], [band])).toEqual([above, below]);
  });
  it('agrees with the clipped loss: above the band with A < 0 the loss is the unclipped −A·ρ', () => {
    // −A·ρ = 1.4 against −A·clip(ρ) = 1.28: the max is 1.4, the unclipped term.
    const opts = { epsLow: 0.2, epsHigh: 0.28, dualClip: 3 };
    expect(clippedTokenLoss(1.4, -1, opts)).toEqual({ loss: 1.4, branch: 'none' });
    // With A = +1: −1.4 against −1.28, the max is the clipped −1.28.
    const high = clippedTokenLoss(1.4, 1, opts);
    expect(high.branch).toBe('high-clip');
    expect(high.loss).toBeCloseTo(-1.28, 12);
  });
  it('says how many in words', () => {
    expect(FIGURES_EN.ratio.unclipped(2)).toMatch(/^2 points lie outside its band without being clipped\./);
  });
});
