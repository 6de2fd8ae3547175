import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';

describe('Rng', () => {
  it('repeats for a seed and differs across seeds', () => {
    const draw = (seed: number) => {
      const r = new Rng(seed);
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });
  it('resumes exactly from a saved state', () => {
    const r = new Rng(42);
    r.next();
    const state = r.getState();
    const ahead = Array.from({ length: 5 }, () => r.next());
    const resumed = new Rng(state);
    expect(Array.from({ length: 5 }, () => resumed.next())).toEqual(ahead);
    r.setState(state);
    expect(r.next()).toBe(ahead[0]);
  });
  it('draws uniform floats in [0, 1) and integers in range', () => {
    const r = new Rng(3);
    const n = 20000;
    let sum = 0;
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < n; i++) {
      const u = r.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      const k = r.int(6);
      counts[k] = (counts[k] as number) + 1;
    }
    expect(sum / n).toBeGreaterThan(0.49);
    expect(sum / n).toBeLessThan(0.51);
    // χ² with 5 degrees of freedom; 20.5 is the 0.1 % critical value
    const chi2 = counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi2).toBeLessThan(20.5);
  });
  it('draws indices in proportion to weights', () => {
    const r = new Rng(9);
    const hits = [0, 0, 0];
    for (let i = 0; i < 10000; i++) hits[r.weightedIndex([1, 0, 3])]! += 1;
    expect(hits[1]).toBe(0);
    expect((hits[2] as number) / 10000).toBeGreaterThan(0.72);
    expect((hits[2] as number) / 10000).toBeLessThan(0.78);
  });
  it('refuses bad arguments', () => {
    expect(() => new Rng(NaN)).toThrow(/finite/);
    expect(() => new Rng([0, 0, 0, 0])).toThrow(/not all zero/);
    expect(() => new Rng(1).int(0)).toThrow(/bound/);
    expect(() => new Rng(1).pick([])).toThrow(/empty/);
    expect(() => new Rng(1).weightedIndex([0, 0])).toThrow(/zero/);
  });
});
