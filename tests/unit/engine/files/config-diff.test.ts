import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { configDiff, flattenSettings, formatSetting } from '../../../../src/engine/files/config-diff';

describe('configDiff', () => {
  it('flattens settings into dotted paths', () => {
    expect(flattenSettings({ seed: 2, a: { b: 1, c: { d: null } } })).toEqual([
      ['seed', 2],
      ['a.b', 1],
      ['a.c.d', null],
    ]);
  });

  it('lists nothing for equal settings', () => {
    expect(configDiff([makeConfig('classroom'), makeConfig('classroom')])).toEqual([]);
  });

  it('lists exactly the overridden settings, with each run’s value', () => {
    const a = makeConfig('classroom');
    const b = makeConfig('classroom', { labelling: { mode: 'plain' }, executor: { klCoef: 0.05 }, seed: 3 });
    expect(configDiff([a, b])).toEqual([
      { path: 'seed', values: [1, 3] },
      { path: 'labelling.mode', values: ['tool', 'plain'] },
      { path: 'executor.klCoef', values: [0.01, 0.05] },
    ]);
  });

  it('compares presets by the sizes of docs/algorithms.md §6.2 (tiny against classroom)', () => {
    const diff = configDiff([makeConfig('tiny'), makeConfig('classroom')]);
    const byPath = Object.fromEntries(diff.map((d) => [d.path, d.values]));
    // From the preset table: pool 6 vs 32 questions, 2 vs 8 executor prompts, 2 vs 20 questions per difficulty.
    expect(byPath['pool.questions']).toEqual([6, 32]);
    expect(byPath['executor.prompts']).toEqual([2, 8]);
    expect(byPath['evaluation.questionsPerDifficulty']).toEqual([2, 20]);
    expect(byPath['executor.algorithm']).toBeUndefined();
  });

  it('lists a path where any of three runs differs, and a missing setting as undefined', () => {
    const diff = configDiff([{ x: { a: 1, b: 2 } }, { x: { a: 1, b: 2 } }, { x: { a: 1, b: 3, c: true } }]);
    expect(diff).toEqual([
      { path: 'x.b', values: [2, 2, 3] },
      { path: 'x.c', values: [undefined, undefined, true] },
    ]);
  });

  it('writes values as the URL does', () => {
    expect([null, true, 0.05, 'grpo', undefined].map(formatSetting)).toEqual(['null', 'true', '0.05', 'grpo', '—']);
  });
});
