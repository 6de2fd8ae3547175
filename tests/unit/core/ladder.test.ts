/** Issue #59's ladder check (src/core/ladder.ts) on hand-made accuracies per level. */
import { describe, expect, it } from 'vitest';
import { ladderCheck } from '../../../src/core/ladder';

describe('the ladder check', () => {
  it('holds for a steady fall from 0.95 to 0.2, a flat step and a rise of exactly 0.10 included', () => {
    const c = ladderCheck([0.95, 0.8, 0.8, 0.6, 0.7, 0.4, 0.2]);
    expect(c.holds).toBe(true);
    expect(c.tooHigh).toEqual([]);
    expect(c.rises.map((r) => Number(r.toFixed(12)))).toEqual([-0.15, 0, -0.2, 0.1, -0.3, -0.2]);
  });

  it('fails on issue #59’s base (1.00 0.20 0.05 0.50 0.75 1.00 0.70): levels 4, 5 and 6 rise too far', () => {
    const c = ladderCheck([1, 0.2, 0.05, 0.5, 0.75, 1, 0.7]);
    expect(c.holds).toBe(false);
    expect(c.tooHigh).toEqual([4, 5, 6]); // +0.45, +0.25, +0.25
    expect([c.bottom, c.top]).toEqual([1, 0.7]);
  });

  it('fails on a bottom below 0.9 or a top above 0.25 even when it falls steadily', () => {
    expect(ladderCheck([0.85, 0.7, 0.2]).holds).toBe(false);
    expect(ladderCheck([0.95, 0.6, 0.3]).holds).toBe(false);
    expect(ladderCheck([0.9, 0.6, 0.25]).holds).toBe(true); // both bounds inclusive
  });

  it('needs two levels', () => {
    expect(() => ladderCheck([0.9])).toThrow(/two levels/);
  });
});
