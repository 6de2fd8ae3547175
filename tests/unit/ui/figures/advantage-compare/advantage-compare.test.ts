/** The GRPO-against-ADPO pairs of the advantage comparison (advantage-compare.ts). */
import { describe, expect, it } from 'vitest';
import { advantagePairs } from '../../../../../src/ui/figures/advantage-compare/advantage-compare';

describe('advantage pairs', () => {
  it('pairs GRPO advantages (recomputed) with the ADPO ones the update used', () => {
    // rewards [1, −1, −1, −1]: mean −0.5, unbiased std 1 → A = [1.5, −0.5, −0.5, −0.5]; g(3/9) = 0.6 + 0.4·(1/15) = 0.62667
    const g = 0.6 + 0.4 * ((3 / 9 - 0.3) / 0.5);
    const used = [1.5, -0.5, -0.5, -0.5].map((a) => (a * g) / (1 + 1e-6));
    const pairs = advantagePairs([
      { id: 4, rewards: [1, -1, -1, -1], mean: -0.5, std: 1, noSignal: false, advantages: used },
    ]);
    expect(pairs.map((p) => p.grpo)).toEqual([1.5, -0.5, -0.5, -0.5].map((a) => a / (1 + 1e-6)));
    pairs.forEach((p) => expect(p.used / p.grpo).toBeCloseTo(0.626667, 6));
    expect(pairs[0]).toMatchObject({ group: 4, member: 0, reward: 1 });
  });
});
