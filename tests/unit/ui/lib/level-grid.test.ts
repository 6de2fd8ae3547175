/** The Curves' level maps (src/ui/lib/level-grid.ts) from hand-made summaries, each cell counted by hand. */
import { describe, expect, it } from 'vitest';
import { levelGrid } from '../../../../src/ui/lib/level-grid';
import type { IterationSummary } from '../../../../src/engine/loop/summary';
import type { EvaluationResult } from '../../../../src/engine/loop/trace';

const byDifficulty = (acc: number[]) =>
  acc.map((accuracy, i) => ({ difficulty: i + 1, n: i === 6 ? 0 : 10, accuracy, toolUse: 0 }));
const mix = (pool: number[]) =>
  pool.map((p, i) => ({
    difficulty: i + 1,
    pool: p,
    written: p * 2,
    repeated: p === 0 ? null : 0.5,
    labelled: p,
    admitted: p === 0 ? null : 1 / p,
  }));
const summaries = [
  { iteration: 1, byDifficulty: byDifficulty([1, 0.9, 0.5, 0.2, 0, 0, 0]), levels: mix([6, 2, 0, 0, 0, 0, 0]) },
  { iteration: 2, byDifficulty: byDifficulty([1, 1, 0.7, 0.4, 0.1, 0, 0]), levels: mix([2, 2, 4, 0, 0, 0, 0]) },
  { iteration: 3 }, // saved before the by-level figures
] as unknown as IterationSummary[];
const baseline = {
  accuracy: 0,
  byDifficulty: byDifficulty([0.8, 0.5, 0.1, 0, 0, 0, 0]),
  toolUseRate: 0,
  pseudoLabelAccuracy: null,
} as EvaluationResult;
const cell = (g: ReturnType<typeof levelGrid>, d: number, i: number) =>
  g.cells.find((c) => c.difficulty === d && c.iteration === i);

describe('the level maps', () => {
  it('puts the base model first in the accuracy map, levels from 7 at the top', () => {
    const g = levelGrid('accuracy', summaries, baseline);
    expect(g.iterations).toEqual([0, 1, 2, 3]);
    expect(g.levels).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(g.cells).toHaveLength(4 * 7);
    expect(cell(g, 1, 0)).toEqual({ difficulty: 1, iteration: 0, value: 0.8, n: 10 });
    expect(cell(g, 3, 2)).toEqual({ difficulty: 3, iteration: 2, value: 0.7, n: 10 });
    // Level 7 holds no held-out question here (n = 0): a gap, not a 0.
    expect(cell(g, 7, 1)?.value).toBeNull();
    // Iteration 3 predates the figures: every cell a gap.
    expect(g.cells.filter((c) => c.iteration === 3).every((c) => c.value === null && c.n === 0)).toBe(true);
  });

  it('has no base column in the pool, repeated and admitted maps', () => {
    for (const kind of ['pool', 'repeated', 'admitted'] as const)
      expect(levelGrid(kind, summaries, baseline).iterations).toEqual([1, 2, 3]);
  });

  it('draws the pool’s mix as each level’s share of the pool: 6/8 and 2/8, then 2/8, 2/8, 4/8', () => {
    const g = levelGrid('pool', summaries, null);
    expect([cell(g, 1, 1)?.value, cell(g, 2, 1)?.value, cell(g, 3, 1)?.value]).toEqual([0.75, 0.25, 0]);
    expect([cell(g, 1, 2)?.value, cell(g, 2, 2)?.value, cell(g, 3, 2)?.value]).toEqual([0.25, 0.25, 0.5]);
    expect(cell(g, 1, 1)?.n).toBe(6);
  });

  it('draws the repeated and admitted shares as stored, with the questions they count', () => {
    const r = levelGrid('repeated', summaries, null);
    expect(cell(r, 1, 1)).toEqual({ difficulty: 1, iteration: 1, value: 0.5, n: 12 });
    expect(cell(r, 3, 1)?.value).toBeNull();
    const a = levelGrid('admitted', summaries, null);
    expect(cell(a, 3, 2)).toEqual({ difficulty: 3, iteration: 2, value: 0.25, n: 4 });
  });
});
