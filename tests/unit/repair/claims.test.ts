/** The paper's orderings checked on a recording: hand-computed gaps, standard errors and seed ranges. */
import { describe, expect, it } from 'vitest';
import { comparisonsWithFull, repairClaims } from '../../../src/repair/claims';
import type { RepairSeedRecord } from '../../../src/repair/seeds';

const m = (strictAccuracy: number) => ({ compileRate: 0.9, strictAccuracy, meanSteps: 3 });

/** One seed whose variants' last evaluations score `finals` (each first scores 0.1); the model before training `base`. */
const seed = (n: number, finals: Record<string, number>, base = 0.4): RepairSeedRecord => ({
  seed: n,
  minutes: 1,
  baseline: m(base),
  variants: Object.entries(finals).map(([name, strict]) => ({ name, eval: [m(0.1), m(strict)] })),
});

describe('repairClaims', () => {
  it('over one seed: holds, reversed and cannot-tell by two standard errors of the difference', () => {
    const one = seed(1, {
      'binary-compile': 0.3,
      'binary-strict': 0.62,
      layered: 0.5,
      'layered+mean-preserving': 0.52,
      full: 0.55,
    });
    const claims = repairClaims([one], 100);
    expect(claims.map((c) => [c.id, c.outcome])).toEqual([
      // 0.5 − 0.3 = 0.2; se = √(0.25/100 + 0.21/100) = 0.0678; 0.2 ≥ 0.1356.
      ['layered-over-compile', 'holds'],
      // 0.5 − 0.62 = −0.12; se = √(0.25 + 0.2356)/10 = 0.0697; 0.12 < 0.1394.
      ['layered-over-strict', 'cannot-tell'],
      ['weights-over-layered', 'cannot-tell'],
      // 0.55 − 0.4 = 0.15; se = √(0.2475 + 0.24)/10 = 0.0698; 0.15 ≥ 0.1396.
      ['full-over-base', 'holds'],
    ]);
    expect(claims.every((c) => c.rule === 'standard-error')).toBe(true);
    expect(claims[0]?.gap.standardError).toBeCloseTo(Math.sqrt(0.0046), 12);
    expect(claims[3]?.gap.cost).toBeCloseTo(0.15, 12);
  });

  it('over one seed: reversed when the lower side wins by two standard errors; a missing variant is skipped', () => {
    const claims = repairClaims([seed(1, { 'binary-strict': 0.7, layered: 0.4 })], 200);
    // 0.4 − 0.7 = −0.3; se = √(0.24/200 + 0.21/200) = 0.0474.
    expect(claims.map((c) => [c.id, c.outcome])).toEqual([['layered-over-strict', 'reversed']]);
  });

  it('over three seeds: by the seeds’ ranges, whatever the standard error of the means says', () => {
    const seeds = [
      seed(1, {
        'binary-compile': 0.3,
        'binary-strict': 0.5,
        layered: 0.45,
        'layered+mean-preserving': 0.6,
        full: 0.5,
      }),
      seed(2, {
        'binary-compile': 0.35,
        'binary-strict': 0.4,
        layered: 0.5,
        'layered+mean-preserving': 0.7,
        full: 0.5,
      }),
      seed(3, {
        'binary-compile': 0.42,
        'binary-strict': 0.6,
        layered: 0.43,
        'layered+mean-preserving': 0.55,
        full: 0.38,
      }),
    ];
    const claims = repairClaims(seeds, 100);
    expect(claims.map((c) => [c.id, c.outcome])).toEqual([
      // layered 0.43–0.5 against binary-compile 0.3–0.42: every seed above (means 0.46 vs 0.357: 0.103 < 2 se = 0.137).
      ['layered-over-compile', 'holds'],
      // layered 0.43–0.5 against binary-strict 0.4–0.6: the ranges overlap.
      ['layered-over-strict', 'cannot-tell'],
      // mean-preserving 0.55–0.7 against layered 0.43–0.5: above.
      ['weights-over-layered', 'holds'],
      // full 0.38–0.5 against the model before training 0.4 in every seed: the ranges overlap.
      ['full-over-base', 'cannot-tell'],
    ]);
    expect(claims.every((c) => c.rule === 'seeds')).toBe(true);
    expect(claims[0]?.higherSeeds.perSeed).toEqual([0.45, 0.5, 0.43]);
    expect(claims[0]?.lowerSeeds.min).toBe(0.3);
    expect(claims[0]?.gap.withinNoise).toBe(true);
    expect(claims[0]?.higherSeeds.mean).toBeCloseTo(0.46, 12);
  });

  it('over three seeds: reversed when every seed of the lower side is above', () => {
    const seeds = [1, 2, 3].map((n) => seed(n, { 'binary-strict': 0.6 + n / 100, layered: 0.5 - n / 100 }));
    expect(repairClaims(seeds, 140).map((c) => [c.id, c.outcome])).toEqual([['layered-over-strict', 'reversed']]);
  });
});

describe('comparisonsWithFull', () => {
  it('over three seeds: every other variant against full by the seeds’ ranges, in the recording’s order', () => {
    const seeds = [
      seed(1, { 'binary-compile': 0.4, 'binary-strict': 0.55, layered: 0.51, full: 0.5 }),
      seed(2, { 'binary-compile': 0.42, 'binary-strict': 0.57, layered: 0.45, full: 0.52 }),
      seed(3, { 'binary-compile': 0.41, 'binary-strict': 0.53, layered: 0.49, full: 0.48 }),
    ];
    const got = comparisonsWithFull(seeds, 140);
    // full 0.48–0.52 (mean 0.5): binary-strict 0.53–0.57 lies above every seed (+0.05); layered
    // 0.45–0.51 overlaps (mean 0.48333, −0.01667); binary-compile 0.40–0.42 lies below (−0.09).
    expect(got.map((c) => c.variant)).toEqual(['binary-compile', 'binary-strict', 'layered']);
    expect(got.map((c) => c.outcome)).toEqual(['below', 'above', 'within']);
    expect(got.map((c) => c.difference)).toEqual([
      expect.closeTo(-0.09, 10),
      expect.closeTo(0.05, 10),
      expect.closeTo(-0.016667, 5),
    ]);
    expect(got[1]?.full).toEqual({ perSeed: [0.5, 0.52, 0.48], mean: expect.closeTo(0.5, 10), min: 0.48, max: 0.52 });
    expect(got.every((c) => c.rule === 'seeds')).toBe(true);
  });

  it('over one seed: by two standard errors; nothing without a full run', () => {
    // n = 100: binary-strict 0.65 vs full 0.5, se = √(0.2275/100 + 0.25/100) = 0.0691, 2 se = 0.138 < 0.15;
    // layered 0.4 vs 0.5, se = √(0.24/100 + 0.25/100) = 0.0700, 2 se = 0.140 > 0.10.
    const got = comparisonsWithFull([seed(1, { 'binary-strict': 0.65, layered: 0.4, full: 0.5 })], 100);
    expect(got.map((c) => [c.variant, c.outcome, c.rule])).toEqual([
      ['binary-strict', 'above', 'standard-error'],
      ['layered', 'within', 'standard-error'],
    ]);
    expect(comparisonsWithFull([seed(1, { layered: 0.4 })], 100)).toEqual([]);
  });
});
