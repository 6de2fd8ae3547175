/** GRPO group advantages (docs/algorithms.md §4.1), hand-computed. */
import { describe, expect, it } from 'vitest';
import { grpoAdvantages } from '../../../src/core/grpo';

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
