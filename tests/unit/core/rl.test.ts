import { describe, expect, it } from 'vitest';
import {
  adpoAdvantageScale,
  adpoAdvantages,
  adpoEpsilonHigh,
  adpoTrustWeight,
  aggregateLoss,
  clippedTokenLoss,
  grpoAdvantages,
  klK3,
} from '../../../src/core';

describe('grpoAdvantages', () => {
  it('z-scores [1, 0, 0, 1] with the unbiased std to ±0.866', () => {
    // mean 0.5, std = sqrt((4 · 0.25) / 3) = 0.57735; 0.5 / 0.57735 = 0.8660
    const { advantages, groups } = grpoAdvantages([1, 0, 0, 1], [0, 0, 0, 0]);
    advantages.forEach((a, i) => expect(a).toBeCloseTo([0.866025, -0.866025, -0.866025, 0.866025][i] as number, 5));
    expect(groups[0]).toMatchObject({ mean: 0.5, noSignal: false });
    expect(groups[0]?.std).toBeCloseTo(Math.sqrt(1 / 3), 12);
  });
  it('adds eps = 1e-6 to the std', () => {
    const { advantages } = grpoAdvantages([1, -1], ['g', 'g']);
    expect(advantages[0]).toBeCloseTo(1 / (Math.SQRT2 + 1e-6), 12);
  });
  it('normalises each group on its own, whatever the order', () => {
    const { advantages } = grpoAdvantages([1, 5, 0, 5, 0, 7, 1, 7], ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    expect(advantages[0]).toBeCloseTo(0.866025, 5);
    expect(advantages[2]).toBeCloseTo(-0.866025, 5);
    expect(advantages[1]).toBeCloseTo(-0.866025, 5);
    expect(advantages[5]).toBeCloseTo(0.866025, 5);
  });
  it('gives exactly 0 to an all-equal group and flags it', () => {
    const { advantages, groups } = grpoAdvantages([0.1, 0.1, 0.1], [1, 1, 1]);
    expect(advantages).toEqual([0, 0, 0]);
    expect(groups[0]?.noSignal).toBe(true);
  });
  it('treats a singleton as mean 0, std 1 by default, or refuses it', () => {
    expect(grpoAdvantages([-1], ['x']).advantages).toEqual([-1]);
    expect(() => grpoAdvantages([1], ['x'], { singleton: 'refuse' })).toThrow(/single rollout/);
  });
  it('skips the std for Dr. GRPO', () => {
    expect(grpoAdvantages([1, 0, 0, 1], [0, 0, 0, 0], { normalizeStd: false }).advantages).toEqual([
      0.5, -0.5, -0.5, 0.5,
    ]);
  });
  it('refuses mismatched lengths and non-finite rewards', () => {
    expect(() => grpoAdvantages([1, 2], [0])).toThrow(/group ids/);
    expect(() => grpoAdvantages([NaN, 1], [0, 0])).toThrow(/not finite/);
  });
});

describe('ADPO', () => {
  // docs/algorithms.md §5.4 worked numbers (m = 0.6)
  const table: [number, number, number][] = [
    [3 / 9, 0.627, 0.293],
    [4 / 9, 0.716, 0.271],
    [5 / 9, 0.804, 0.249],
    [6 / 9, 0.893, 0.227],
    [7 / 9, 0.982, 0.204],
  ];
  it.each(table)('s = %f → g %f, ε_high %f', (s, g, eps) => {
    expect(Math.round(adpoAdvantageScale(s) * 1000) / 1000).toBe(g);
    expect(Math.round(adpoEpsilonHigh(s) * 1000) / 1000).toBe(eps);
  });
  it('clamps the trust weight and the clip to their ranges', () => {
    expect(adpoTrustWeight(0.1)).toBe(0);
    expect(adpoTrustWeight(0.55)).toBeCloseTo(0.5, 12);
    expect(adpoTrustWeight(1)).toBe(1);
    expect(adpoAdvantageScale(0)).toBeCloseTo(0.6, 12);
    expect(adpoAdvantageScale(0, { minScale: 0.5 })).toBeCloseTo(0.5, 12);
    expect(adpoEpsilonHigh(0)).toBeCloseTo(0.3, 12);
    expect(adpoEpsilonHigh(0.9)).toBeCloseTo(0.2, 12);
  });
  it('scales group-normalised advantages by g(s) without changing signs or ranks', () => {
    // mean 0, std sqrt(4/3); base A = ±1 / (1.154701 + 1e-6); g(5/9) = 0.6 + 0.4 · (5/9 − 0.3) / 0.5
    const g = 0.6 + 0.4 * ((5 / 9 - 0.3) / 0.5);
    const r = adpoAdvantages([1, -1, 1, -1], [0, 0, 0, 0], [5 / 9, 5 / 9, 5 / 9, 5 / 9]);
    expect(r.advantages[0]).toBeCloseTo((g * 1) / (Math.sqrt(4 / 3) + 1e-6), 12);
    expect(r.advantages[1]).toBeCloseTo((-g * 1) / (Math.sqrt(4 / 3) + 1e-6), 12);
    expect(r.epsHigh[0]).toBeCloseTo(0.2 + 0.1 * ((0.8 - 5 / 9) / 0.5), 12);
  });
  it('refuses a non-finite score', () => {
    expect(() => adpoTrustWeight(NaN)).toThrow(/finite/);
  });
});

describe('clippedTokenLoss (ε_low 0.2, ε_high 0.3, dual clip 3)', () => {
  const opts = { epsLow: 0.2, epsHigh: 0.3, dualClip: 3 };
  const cases: [number, number, number, string][] = [
    // ratio, A, loss, branch — worked by hand from max(−Aρ, −A·clip(ρ, 0.8, 1.3))
    [0.5, 1, -0.5, 'none'],
    [0.5, -1, 0.8, 'low-clip'],
    [0.9, 1, -0.9, 'none'],
    [0.9, -1, 0.9, 'none'],
    [1.0, 1, -1, 'none'],
    [1.0, -1, 1, 'none'],
    [1.35, 1, -1.3, 'high-clip'],
    [1.35, -1, 1.35, 'none'],
    [4, -1, 3, 'dual-clip'],
    [4, 1, -1.3, 'high-clip'],
  ];
  it.each(cases)('ρ = %f, A = %f → loss %f (%s)', (ratio, a, loss, branch) => {
    const out = clippedTokenLoss(ratio, a, opts);
    expect(out.loss).toBeCloseTo(loss, 12);
    expect(out.branch).toBe(branch);
  });
  it('has no cap without dual clip', () => {
    expect(clippedTokenLoss(4, -1, { epsLow: 0.2, epsHigh: 0.3 })).toEqual({ loss: 4, branch: 'none' });
  });
  it('scales with |A|', () => {
    expect(clippedTokenLoss(1.35, 0.5, opts).loss).toBeCloseTo(-0.65, 12);
  });
});

describe('aggregateLoss', () => {
  const losses = [
    [1, 2, 3],
    [4, 0, 0],
  ];
  const mask = [
    [1, 1, 0],
    [1, 0, 0],
  ];
  it('token-mean: (1 + 2 + 4) / 3', () => {
    expect(aggregateLoss(losses, mask, 'token-mean')).toBeCloseTo(7 / 3, 12);
  });
  it('seq-mean-token-mean: ((1 + 2) / 2 + 4 / 1) / 2', () => {
    expect(aggregateLoss(losses, mask, 'seq-mean-token-mean')).toBeCloseTo(2.75, 12);
  });
  it('seq-mean-token-sum-norm: ((1 + 2) / 3 + 4 / 3) / 2 with horizon 3', () => {
    expect(aggregateLoss(losses, mask, 'seq-mean-token-sum-norm')).toBeCloseTo(7 / 6, 12);
    expect(aggregateLoss(losses, mask, 'seq-mean-token-sum-norm', 7)).toBeCloseTo(0.5, 12);
  });
  it('gives 0 for an all-masked batch and refuses ragged input', () => {
    expect(
      aggregateLoss(
        losses,
        [
          [0, 0, 0],
          [0, 0, 0],
        ],
        'token-mean',
      ),
    ).toBe(0);
    expect(() => aggregateLoss(losses, [[1]], 'token-mean')).toThrow(/mask rows/);
  });
});

describe('klK3', () => {
  it('is 0 when the policies agree', () => {
    expect(klK3(-1.3, -1.3)).toBe(0);
  });
  it('is eˣ − x − 1 with x = log π_ref − log π_θ', () => {
    expect(klK3(-1, -2)).toBeCloseTo(Math.exp(-1), 12); // x = −1: e⁻¹ + 1 − 1
    expect(klK3(-2, -1)).toBeCloseTo(Math.E - 2, 12); // x = 1
  });
  it('clamps x to ±20 and the result to ±10', () => {
    expect(klK3(-40, -10)).toBe(10); // x = 30 → 20 → e²⁰ − 21 → 10
    expect(klK3(-10, -40)).toBe(10); // x = −30 → −20 → e⁻²⁰ + 19 → 10
    expect(klK3(0, -5)).toBeCloseTo(Math.exp(-5) + 4, 12);
  });
});
