import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { accuracyGap } from '../../../../src/core/stats';
import {
  type ChangeCost,
  changeCost,
  heldOutQuestions,
  largestCost,
  unexpectedSettings,
} from '../../../../src/engine/studies/one-change-costs';
import { summaryRows } from './summary-rows';

const run = summaryRows;

describe('changeCost', () => {
  it('compares the last shared iteration and the means, with the standard error of a difference of shares', () => {
    const intended = run([
      [0.3, 0.8],
      [0.5, null],
      [0.6, 0.7],
    ]);
    const changed = run([
      [0.2, 0.4],
      [0.4, 0.5],
      [0.36, 0.3],
    ]);
    const c = changeCost(intended, changed, 100) as ChangeCost;
    expect([c.iteration, c.iterations]).toEqual([3, 3]);
    expect([c.last.intended, c.last.changed]).toEqual([0.6, 0.36]);
    expect(c.last.cost).toBeCloseTo(0.24, 12);
    // √(0.6·0.4/100 + 0.36·0.64/100) = √0.004704 = 0.0685857…; 0.24 > 2 × 0.0686.
    expect(c.last.standardError).toBeCloseTo(0.0685857, 6);
    expect(c.last.withinNoise).toBe(false);
    // Means 1.4/3 = 0.46667 and 0.96/3 = 0.32; √(0.46667·0.53333/100 + 0.32·0.68/100) = 0.0683; 0.14667 > 0.1366.
    expect(c.mean.intended).toBeCloseTo(0.466667, 6);
    expect(c.mean.changed).toBeCloseTo(0.32, 12);
    expect(c.mean.cost).toBeCloseTo(0.146667, 6);
    expect(c.mean.standardError).toBeCloseTo(0.0683, 4);
    expect(c.mean.withinNoise).toBe(false);
    // Pseudo-labels where both labelled (iterations 1 and 3): (0.8 + 0.7)/2 and (0.4 + 0.3)/2.
    expect(c.pseudoIntended).toBeCloseTo(0.75, 12);
    expect(c.pseudoChanged).toBeCloseTo(0.35, 12);
  });

  it('tells a late catch-up: the last iteration within noise while the mean is not', () => {
    const c = changeCost(
      run([
        [0.5, null],
        [0.6, null],
        [0.6, null],
      ]),
      run([
        [0.1, null],
        [0.2, null],
        [0.62, null],
      ]),
      140,
    ) as ChangeCost;
    // Last: |0.6 − 0.62| = 0.02 < 2·√(0.24/140 + 0.2356/140) = 0.1166.
    expect(c.last.cost).toBeCloseTo(-0.02, 12);
    expect(c.last.standardError).toBeCloseTo(0.058285, 6);
    expect(c.last.withinNoise).toBe(true);
    // Mean: 1.7/3 − 0.92/3 = 0.26 > 2·0.05721.
    expect(c.mean.cost).toBeCloseTo(0.26, 12);
    expect(c.mean.standardError).toBeCloseTo(0.057208, 6);
    expect(c.mean.withinNoise).toBe(false);
    expect(c.pseudoIntended).toBeNull();
  });

  it('reads only the iterations both runs reached, and nothing from runs that share none', () => {
    const c = changeCost(
      run([
        [0.3, 0.5],
        [0.4, 0.5],
        [0.9, 0.9],
      ]),
      run([
        [0.3, 0.5],
        [0.1, 0.5],
      ]),
      140,
    ) as ChangeCost;
    expect([c.iteration, c.iterations, c.last.intended, c.last.changed]).toEqual([2, 2, 0.4, 0.1]);
    expect(c.mean.intended).toBeCloseTo(0.35, 12);
    expect(changeCost([], run([[0.1, 0.1]]), 140)).toBeNull();
  });
});

describe('accuracyGap', () => {
  it('calls a difference under two standard errors noise, and a gain a negative cost', () => {
    // √(0.25/100 + 0.24/100) = 0.07: 0.1 is over one standard error but under two.
    const small = accuracyGap(0.5, 0.4, 100);
    expect(small.standardError).toBeCloseTo(0.07, 12);
    expect(small.withinNoise).toBe(true);
    // √(0.16/400 + 0.25/400) = 0.0320156…: |−0.3| > 0.064.
    const gain = accuracyGap(0.2, 0.5, 400);
    expect(gain.cost).toBeCloseTo(-0.3, 12);
    expect(gain.standardError).toBeCloseTo(0.0320156, 6);
    expect(gain.withinNoise).toBe(false);
  });
});

describe('largestCost', () => {
  const cost = (c: number, withinNoise: boolean) => ({ mean: { cost: c, withinNoise } }) as ChangeCost;
  it('names the largest cost of the mean beyond noise, never a gain or noise', () => {
    const runs = [
      { id: 'a', cost: cost(0.24, false) },
      { id: 'noise', cost: cost(0.3, true) },
      { id: 'gain', cost: cost(-0.4, false) },
      { id: 'd', cost: cost(0.1, false) },
      { id: 'none', cost: null },
    ];
    expect(largestCost(runs)?.id).toBe('a');
    expect(largestCost(runs.filter((r) => r.id !== 'a' && r.id !== 'd'))).toBeNull();
  });
});

describe('heldOutQuestions and unexpectedSettings', () => {
  it('counts the held-out questions of seven difficulties', () => {
    expect(heldOutQuestions(makeConfig('classroom'))).toBe(20 * 7);
  });

  it('lists the settings a one-change run has beyond its change, or of its change it lacks', () => {
    const intended = makeConfig('classroom');
    const set = { labelling: { mode: 'plain' } };
    expect(unexpectedSettings(intended, makeConfig('classroom', { labelling: { mode: 'plain' } }), set)).toEqual([]);
    expect(
      unexpectedSettings(intended, makeConfig('classroom', { seed: 2, labelling: { mode: 'plain' } }), set),
    ).toEqual(['seed']);
    expect(unexpectedSettings(intended, intended, set)).toEqual(['labelling.mode']);
  });
});
