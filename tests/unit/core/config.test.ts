import { describe, expect, it } from 'vitest';
import { ConfigError, PRESET_NAMES, makeConfig } from '../../../src/core/config';

describe('makeConfig', () => {
  it('builds every preset', () => {
    for (const name of PRESET_NAMES) expect(() => makeConfig(name)).not.toThrow();
  });

  it('keeps Agent0 ratios and rules in the faithful preset', () => {
    const c = makeConfig('faithful');
    expect(c.questioner.rolloutsPerPrompt).toBe(4);
    expect(c.questioner.updatesPerStep).toBe(4);
    expect([c.questioner.epsLow, c.questioner.epsHigh, c.questioner.dualClip, c.questioner.klCoef]).toEqual([
      0.2, 0.3, 3, 0.01,
    ]);
    expect([c.proxy.candidates, c.proxy.maxTurns, c.proxy.temperature, c.proxy.topP]).toEqual([10, 4, 0.7, 0.9]);
    expect([c.labelling.samples, c.labelling.temperature, c.labelling.topK]).toEqual([9, 1, 40]);
    expect([c.curation.minScore, c.curation.maxScore]).toEqual([0.3, 0.8]);
    expect([c.executor.rolloutsPerPrompt, c.executor.maxTurns, c.executor.minScale]).toEqual([16, 4, 0.6]);
    expect([c.executor.epsLow, c.executor.epsHighMin, c.executor.epsHighSpan, c.executor.dualClip]).toEqual([
      0.2,
      0.2,
      0.1,
      null,
    ]);
    expect([c.pool.temperature, c.pool.topP]).toEqual([1, 0.95]);
  });

  it('lays an override over the preset without touching the rest', () => {
    const c = makeConfig('classroom', { curation: { minScore: 0.2 }, proxy: { gate: false } });
    expect(c.curation).toEqual({ minScore: 0.2, maxScore: 0.8 });
    expect(c.proxy.gate).toBe(false);
    expect(makeConfig('classroom').proxy.gate).toBe(true);
  });

  const bad: [string, object, RegExp][] = [
    [
      'a negative size',
      { questioner: { prompts: -2 } },
      /questioner\.prompts: must be an integer in \[1, 4096\] \(got -2\)/,
    ],
    ['a fractional count', { labelling: { samples: 2.5 } }, /labelling\.samples: must be an integer/],
    [
      'a band with min > max',
      { curation: { minScore: 0.9, maxScore: 0.1 } },
      /curation\.minScore \(0\.9\) must not exceed curation\.maxScore \(0\.1\)/,
    ],
    ['clip eps ≤ 0', { questioner: { epsLow: 0 } }, /questioner\.epsLow: must be a number in \(0, 1\] \(got 0\)/],
    [
      'a dual clip ≤ 1',
      { questioner: { dualClip: 1 } },
      /questioner\.dualClip: must be null or a number in \(1, 100\]/,
    ],
    [
      'an unknown enum value',
      { executor: { algorithm: 'ppo' } },
      /executor\.algorithm: must be one of adpo, grpo \(got "ppo"\)/,
    ],
    ['an unknown key', { reward: { bonus: 1 } }, /reward\.bonus: unknown setting/],
    ['a wrong type', { proxy: { gate: 'yes' } }, /proxy\.gate: must be true or false/],
    [
      'a trust band that is empty',
      { executor: { trustLow: 0.8, trustHigh: 0.3 } },
      /executor\.trustLow \(0\.8\) must be below executor\.trustHigh \(0\.3\)/,
    ],
    [
      'a group size of one for GRPO',
      { questioner: { rolloutsPerPrompt: 1 } },
      /questioner\.rolloutsPerPrompt: must be an integer in \[2, 64\]/,
    ],
    ['NaN', { questioner: { learningRate: NaN } }, /questioner\.learningRate/],
    ['a section that is not an object', { pool: 5 }, /pool: expected an object/],
    [
      'an unknown golden-answer mode',
      { proxy: { goldenAnswer: 'first' } },
      /proxy\.goldenAnswer: must be one of whole, last-character/,
    ],
  ];
  it.each(bad)('refuses %s, naming the field and its range', (_label, override, message) => {
    expect(() => makeConfig('classroom', override as never)).toThrow(ConfigError);
    expect(() => makeConfig('classroom', override as never)).toThrow(message);
  });

  it('reports every problem at once', () => {
    try {
      makeConfig('tiny', { seed: -1, pool: { questions: 0 } });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems).toHaveLength(2);
    }
  });

  it('refuses an unknown preset', () => {
    expect(() => makeConfig('huge' as never)).toThrow(/preset: must be one of faithful, classroom, tiny/);
  });
});

describe('departures from the released code', () => {
  it('implement the intent by default (docs/algorithms.md §7)', () => {
    const c = makeConfig('faithful');
    expect(c.proxy.goldenAnswer).toBe('whole');
    expect(c.reward.toolRewardSource).toBe('executed');
    expect(c.executor.algorithm).toBe('adpo');
    expect(c.labelling.mode).toBe('tool');
  });
});
