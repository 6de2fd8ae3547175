/** ADPO: trust weight, advantage scale, ε_high(s) and advantages (docs/algorithms.md §5), hand-computed. */
import { describe, expect, it } from 'vitest';
import { adpoAdvantageScale, adpoAdvantages, adpoEpsilonHigh, adpoTrustWeight } from '../../../src/core/adpo';
import { makeConfig } from '../../../src/core/config';

/** The default settings, from the one place they are written (src/core/config.ts). */
const defaults = makeConfig('faithful').executor;

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
    expect(Math.round(adpoAdvantageScale(s, defaults) * 1000) / 1000).toBe(g);
    expect(Math.round(adpoEpsilonHigh(s, defaults) * 1000) / 1000).toBe(eps);
  });
  it('clamps the trust weight and the clip to their ranges', () => {
    expect(adpoTrustWeight(0.1, defaults)).toBe(0);
    expect(adpoTrustWeight(0.55, defaults)).toBeCloseTo(0.5, 12);
    expect(adpoTrustWeight(1, defaults)).toBe(1);
    expect(adpoAdvantageScale(0, defaults)).toBeCloseTo(0.6, 12);
    expect(adpoAdvantageScale(0, { ...defaults, minScale: 0.5 })).toBeCloseTo(0.5, 12);
    expect(adpoEpsilonHigh(0, defaults)).toBeCloseTo(0.3, 12);
    expect(adpoEpsilonHigh(0.9, defaults)).toBeCloseTo(0.2, 12);
  });
  it('scales group-normalised advantages by g(s) without changing signs or ranks', () => {
    // mean 0, std sqrt(4/3); base A = ±1 / (1.154701 + 1e-6); g(5/9) = 0.6 + 0.4 · (5/9 − 0.3) / 0.5
    const g = 0.6 + 0.4 * ((5 / 9 - 0.3) / 0.5);
    const r = adpoAdvantages([1, -1, 1, -1], [0, 0, 0, 0], [5 / 9, 5 / 9, 5 / 9, 5 / 9], defaults);
    expect(r.advantages[0]).toBeCloseTo((g * 1) / (Math.sqrt(4 / 3) + 1e-6), 12);
    expect(r.advantages[1]).toBeCloseTo((-g * 1) / (Math.sqrt(4 / 3) + 1e-6), 12);
    expect(r.epsHigh[0]).toBeCloseTo(0.2 + 0.1 * ((0.8 - 5 / 9) / 0.5), 12);
  });
  it('refuses a non-finite score', () => {
    expect(() => adpoTrustWeight(NaN, defaults)).toThrow(/finite/);
  });
});

describe('ADPO with the run’s settings', () => {
  it('carries the run’s executor settings into the ADPO formulas', () => {
    const { executor } = makeConfig('classroom', { executor: { trustLow: 0.2, epsHighSpan: 0.2 } });
    const opts = executor;
    // w(0.25) = (0.25 − 0.2) / (0.8 − 0.2) = 1/12; g = 0.6 + 0.4 / 12
    expect(adpoAdvantageScale(0.25, opts)).toBeCloseTo(0.6 + 0.4 / 12, 12);
    // ε_high(0.55) = 0.2 + 0.2 · (0.8 − 0.55) / 0.5
    expect(adpoEpsilonHigh(0.55, opts)).toBeCloseTo(0.3, 12);
    // With the defaults (trustLow 0.3) the same score earns no trust.
    expect(adpoAdvantageScale(0.25, makeConfig('classroom').executor)).toBeCloseTo(0.6, 12);
  });
  it('carries the fade of ε_high(s) (executor.clipScoreHigh, clipScoreSpan)', () => {
    const { executor } = makeConfig('classroom', { executor: { clipScoreHigh: 0.7, clipScoreSpan: 0.4 } });
    // ε_high(0.5) = 0.2 + 0.1 · (0.7 − 0.5) / 0.4 = 0.25; at and above 0.7 no bonus; at and below 0.3 all of it.
    expect(adpoEpsilonHigh(0.5, executor)).toBeCloseTo(0.25, 12);
    expect(adpoEpsilonHigh(0.75, executor)).toBeCloseTo(0.2, 12);
    expect(adpoEpsilonHigh(0.3, executor)).toBeCloseTo(0.3, 12);
    // The defaults are the released loss's 0.8 and 0.8 − 0.3: ε_high(0.5) = 0.2 + 0.1 · 0.3 / 0.5 = 0.26.
    expect(adpoEpsilonHigh(0.5, defaults)).toBeCloseTo(0.26, 12);
  });
});
