import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../src/core/config';
import {
  type ChangeCost,
  changeCost,
  heldOutQuestions,
  largestCost,
  unexpectedSettings,
} from '../../../src/engine/one-change-costs';
import type { IterationSummary } from '../../../src/engine/summary';

const run = (rows: [number, number | null][]) =>
  rows.map(([heldOutAccuracy, pseudoLabelAccuracy], i) => ({
    iteration: i + 1,
    heldOutAccuracy,
    pseudoLabelAccuracy,
  })) as IterationSummary[];

describe('changeCost', () => {
  it('compares the last shared iteration with the standard error of a difference of shares', () => {
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
    expect(c.iteration).toBe(3);
    expect(c.intended).toBe(0.6);
    expect(c.changed).toBe(0.36);
    expect(c.cost).toBeCloseTo(0.24, 12);
    // √(0.6·0.4/100 + 0.36·0.64/100) = √0.004704 = 0.0685857…; 0.24 > 2 × 0.0686.
    expect(c.standardError).toBeCloseTo(0.0685857, 6);
    expect(c.withinNoise).toBe(false);
    // Pseudo-labels where both labelled (iterations 1 and 3): (0.8 + 0.7)/2 and (0.4 + 0.3)/2.
    expect(c.pseudoIntended).toBeCloseTo(0.75, 12);
    expect(c.pseudoChanged).toBeCloseTo(0.35, 12);
  });

  it('calls a difference under two standard errors noise, and a gain a negative cost', () => {
    // √(0.25/100 + 0.24/100) = 0.07: 0.1 is over one standard error but under two.
    const small = changeCost(run([[0.5, null]]), run([[0.4, null]]), 100) as ChangeCost;
    expect(small.standardError).toBeCloseTo(0.07, 12);
    expect(small.withinNoise).toBe(true);
    expect(small.pseudoIntended).toBeNull();
    // √(0.16/400 + 0.25/400) = 0.0320156…: |−0.3| > 0.064.
    const gain = changeCost(run([[0.2, 0.5]]), run([[0.5, 0.5]]), 400) as ChangeCost;
    expect(gain.cost).toBeCloseTo(-0.3, 12);
    expect(gain.standardError).toBeCloseTo(0.0320156, 6);
    expect(gain.withinNoise).toBe(false);
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
    expect([c.iteration, c.intended, c.changed]).toEqual([2, 0.4, 0.1]);
    expect(changeCost([], run([[0.1, 0.1]]), 140)).toBeNull();
  });
});

describe('largestCost', () => {
  const cost = (c: number, withinNoise: boolean) => ({ cost: c, withinNoise }) as ChangeCost;
  it('names the largest cost beyond noise, never a gain or noise', () => {
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
