/**
 * The executor's algorithms looked up by `executor.algorithm` (src/core/executor-algorithms.ts): one
 * signature, one result, hand-computed on a small batch, and the terms each lets the page draw.
 */
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../src/core/config';
import { EXECUTOR_ALGORITHMS, executorAlgorithm } from '../../../src/core/executor-algorithms';

// Group 0 rewards [1, −1, −1, −1]: μ = −0.5, σ (unbiased) = 1, A = [1.5, −0.5, −0.5, −0.5] / (1 + 10⁻⁶).
// Group 1 rewards [1, 1]: no signal, A = 0. Scores s = 3/9 (group 0) and 7/9 (group 1).
const batch = {
  rewards: [1, -1, -1, -1, 1, 1],
  groups: [0, 0, 0, 0, 1, 1],
  scores: [3 / 9, 3 / 9, 3 / 9, 3 / 9, 7 / 9, 7 / 9],
};
const A = [1.5, -0.5, -0.5, -0.5].map((a) => a / (1 + 1e-6)).concat([0, 0]);
// ε_high 0.25 (not the default 0.2) shows where GRPO's band comes from.
const settings = makeConfig('classroom', { executor: { epsHigh: 0.25 } }).executor;

describe('the executor-algorithm registry', () => {
  it('has one entry per value of executor.algorithm and refuses any other name', () => {
    expect(Object.keys(EXECUTOR_ALGORITHMS).sort()).toEqual(['adpo', 'grpo']);
    expect(executorAlgorithm('grpo')).toBe(EXECUTOR_ALGORITHMS.grpo);
    expect(() => executorAlgorithm('ppo' as never)).toThrow(/no executor algorithm is called "ppo"/);
    expect(() => executorAlgorithm('toString' as never)).toThrow(/no executor algorithm/);
  });

  it('GRPO: the group advantages unscaled, one clip band at executor.epsHigh', () => {
    const r = executorAlgorithm('grpo').advantages(batch, settings);
    r.advantages.forEach((a, i) => expect(a).toBeCloseTo(A[i] as number, 12));
    expect(r.baseAdvantages).toEqual(r.advantages);
    expect(r.scales).toEqual([1, 1, 1, 1, 1, 1]);
    expect(r.epsHigh).toEqual([0.25, 0.25, 0.25, 0.25, 0.25, 0.25]);
    expect(r.groups.map((g) => [g.mean, g.std, g.noSignal])).toEqual([
      [-0.5, 1, false],
      [1, 0, true],
    ]);
    expect(EXECUTOR_ALGORITHMS.grpo.perSequenceEpsHigh).toBe(false);
  });

  it('ADPO: the same advantages times g(s), each sequence its own ε_high(s)', () => {
    const r = executorAlgorithm('adpo').advantages(batch, settings);
    // g(3/9) = 0.6 + 0.4·(3/9 − 0.3)/0.5 = 0.626667; g(7/9) = 0.6 + 0.4·(7/9 − 0.3)/0.5 = 0.982222.
    const g = [0.626667, 0.626667, 0.626667, 0.626667, 0.982222, 0.982222];
    r.scales.forEach((x, i) => expect(x).toBeCloseTo(g[i] as number, 6));
    r.baseAdvantages.forEach((a, i) => expect(a).toBeCloseTo(A[i] as number, 12));
    r.advantages.forEach((a, i) => expect(a).toBeCloseTo((A[i] as number) * (r.scales[i] as number), 12));
    expect(r.advantages[0]).toBeCloseTo(0.94, 5); // 0.626667 · 1.5
    // ε_high(3/9) = 0.2 + 0.1·(0.8 − 3/9)/0.5 = 0.293333; ε_high(7/9) = 0.2 + 0.1·(0.8 − 7/9)/0.5 = 0.204444.
    const eps = [0.293333, 0.293333, 0.293333, 0.293333, 0.204444, 0.204444];
    r.epsHigh.forEach((x, i) => expect(x).toBeCloseTo(eps[i] as number, 6));
    expect(EXECUTOR_ALGORITHMS.adpo.perSequenceEpsHigh).toBe(true);
  });

  it('lets the page draw g(s), ε_high(s) and Â only for the algorithm that computes them', () => {
    const grpo = EXECUTOR_ALGORITHMS.grpo.terms;
    const adpo = EXECUTOR_ALGORITHMS.adpo.terms;
    for (const t of ['g', 'eps', 'adpo', 's'] as const) {
      expect(grpo).not.toContain(t);
      expect(adpo).toContain(t);
    }
    for (const t of ['r', 'A', 'mean', 'std', 'band'] as const) {
      expect(grpo).toContain(t);
      expect(adpo).toContain(t);
    }
  });
});
