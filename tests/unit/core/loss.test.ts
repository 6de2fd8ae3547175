/** The clipped token loss, its aggregation and the k3 KL (docs/algorithms.md §4.2–4.4), hand-computed. */
import { describe, expect, it } from 'vitest';
import { LOSS_AGGREGATIONS, aggregateLoss, aggregationWeights, clippedTokenLoss, klK3 } from '../../../src/core/loss';
import { Rng } from '../../../src/core/random';

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

describe('aggregationWeights', () => {
  // Row 2 is empty: it counts in B for the sum-norm but not among the sequences of seq-mean-token-mean.
  const mask = [
    [0, 1, 1],
    [0, 1, 0],
    [0, 0, 0],
  ];
  it('token-mean: every trained token 1/3', () => {
    expect(aggregationWeights(mask, 'token-mean').flat()).toEqual([0, 1 / 3, 1 / 3, 0, 1 / 3, 0, 0, 0, 0]);
  });
  it('seq-mean-token-mean: 1/(2 tokens · 2 sequences) and 1/(1 token · 2 sequences)', () => {
    expect(aggregationWeights(mask, 'seq-mean-token-mean').flat()).toEqual([0, 0.25, 0.25, 0, 0.5, 0, 0, 0, 0]);
  });
  it('seq-mean-token-sum-norm: 1/(H · B) = 1/9, or 1/15 with horizon 5', () => {
    expect(aggregationWeights(mask, 'seq-mean-token-sum-norm').flat()).toEqual([0, 1 / 9, 1 / 9, 0, 1 / 9, 0, 0, 0, 0]);
    expect(aggregationWeights(mask, 'seq-mean-token-sum-norm', 5)[0]).toEqual([0, 1 / 15, 1 / 15]);
  });
  it('gives zeros for an all-masked batch', () => {
    for (const mode of LOSS_AGGREGATIONS) expect(aggregationWeights([[0, 0]], mode).flat()).toEqual([0, 0]);
  });
  it.each(LOSS_AGGREGATIONS)('turns aggregateLoss into Σ w·l on random ragged batches (%s)', (mode) => {
    const rng = new Rng(5);
    for (let trial = 0; trial < 20; trial++) {
      const rows = 1 + rng.int(6);
      const lengths = Array.from({ length: rows }, () => 1 + rng.int(9));
      const losses = lengths.map((n) => Array.from({ length: n }, () => 4 * rng.next() - 2));
      const mask = lengths.map((n) => Array.from({ length: n }, () => rng.pick([0, 0.5, 1, 1])));
      const horizon = trial % 2 ? 12 : undefined;
      const w = aggregationWeights(mask, mode, horizon);
      const sum = losses.reduce((a, row, b) => a + row.reduce((s, l, t) => s + l * (w[b]?.[t] as number), 0), 0);
      expect(sum).toBeCloseTo(aggregateLoss(losses, mask, mode, horizon), 12);
    }
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
