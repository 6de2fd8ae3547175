import { describe, expect, it } from 'vitest';
import { ConfigError, PRESET_NAMES, makeConfig } from '../../../src/core/config';
import { parseOverrides } from '../../../src/engine/loop/overrides';

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
    // Agent0's executor script: ppo_mini_batch_size = train_batch_size = 128, one epoch → 1 update.
    expect(c.executor.updatesPerStep).toBe(1);
    expect([c.executor.clipScoreHigh, c.executor.clipScoreSpan]).toEqual([0.8, 0.5]);
  });

  it('gives the classroom executor several updates per batch, so its ratios leave 1', () => {
    expect(makeConfig('classroom').executor.updatesPerStep).toBe(4);
  });

  it('lays an override over the preset without touching the rest', () => {
    const c = makeConfig('classroom', { curation: { minScore: 0.2 }, proxy: { gate: true } });
    expect(c.curation).toEqual({ minScore: 0.2, maxScore: 0.8 });
    expect(c.proxy.gate).toBe(true);
    // The paper's p̂ has no gate (docs/algorithms.md §7.10); the released code's is the switch's.
    expect(makeConfig('classroom').proxy.gate).toBe(false);
    expect(makeConfig('classroom', { release: { mode: 'as-released' } }).proxy.gate).toBe(true);
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
    [
      'an unknown unboxed-answer mode',
      { proxy: { unboxedAnswer: 'e' } },
      /proxy\.unboxedAnswer: must be one of violation, none/,
    ],
    [
      'an empty ε_high fade',
      { executor: { clipScoreSpan: 0 } },
      /executor\.clipScoreSpan: must be a number in \(0, 1\]/,
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
    expect(c.release.mode).toBe('as-intended');
    expect(c.proxy.goldenAnswer).toBe('whole');
    expect(c.proxy.unboxedAnswer).toBe('violation');
    expect(c.reward.toolRewardSource).toBe('executed');
    expect(c.executor.algorithm).toBe('adpo');
    expect(c.labelling.mode).toBe('tool');
  });

  it('asks classroom curriculum samples to run a program, and refuses that rule without tool turns', () => {
    expect(makeConfig('faithful').proxy.uncheckedAnswer).toBe('scored');
    expect(makeConfig('tiny').proxy.uncheckedAnswer).toBe('scored');
    expect(makeConfig('classroom').proxy.uncheckedAnswer).toBe('violation');
    expect(['faithful', 'tiny', 'classroom'].map((p) => makeConfig(p as 'tiny').proxy.unreadableQuestion)).toEqual([
      'scored',
      'scored',
      'violation',
    ]);
    expect(() => makeConfig('classroom', { proxy: { unreadableQuestion: 'never' as 'scored' } })).toThrow(
      /proxy\.unreadableQuestion: must be one of violation, scored/,
    );
    expect(() => makeConfig('classroom', { questioner: { maxTurns: 0 } })).toThrow(
      /proxy\.uncheckedAnswer=violation asks every curriculum sample to run a program, but questioner\.maxTurns=0/,
    );
    const plain = makeConfig('classroom', { questioner: { maxTurns: 0 }, proxy: { uncheckedAnswer: 'scored' } });
    expect(plain.questioner.maxTurns).toBe(0);
    expect(() => makeConfig('classroom', { proxy: { uncheckedAnswer: 'sometimes' as 'scored' } })).toThrow(
      /proxy\.uncheckedAnswer: must be one of violation, scored/,
    );
  });

  it('release.mode=as-released turns on every released behaviour at once', () => {
    for (const preset of PRESET_NAMES) {
      const c = makeConfig(preset, { release: { mode: 'as-released' } });
      expect(c.release.mode).toBe('as-released');
      expect(c.labelling.mode).toBe('plain');
      expect(c.proxy.goldenAnswer).toBe('last-character');
      expect(c.proxy.unboxedAnswer).toBe('none');
      // The released questioner has no tool: nothing asks it to run a program (§7.11).
      expect(c.proxy.uncheckedAnswer).toBe('scored');
      // Nor has it an oracle to read a question with (§7.13).
      expect(c.proxy.unreadableQuestion).toBe('scored');
      expect([c.proxy.gate, c.proxy.gateMinP]).toEqual([true, 0.1]);
      expect(c.reward.toolRewardSource).toBe('as-released');
      expect(c.reward.uncertaintyScale).toBe('min');
      // verl's GRPO as the executor script runs it: clip_ratio_low/high 0.2, clip_ratio_c 3, one update.
      expect(c.executor.algorithm).toBe('grpo');
      expect([c.executor.epsLow, c.executor.epsHigh, c.executor.dualClip]).toEqual([0.2, 0.2, 3]);
      expect(c.executor.updatesPerStep).toBe(1);
      // Sizes stay the preset's.
      expect(c.pool.questions).toBe(makeConfig(preset).pool.questions);
    }
  });

  it('takes the switch from the command line and the URL form section.key=value', () => {
    const c = makeConfig('tiny', parseOverrides(['release.mode=as-released']) as never);
    expect(c.executor.dualClip).toBe(3);
  });

  it('lets other settings change under the switch, and refuses ones that contradict it', () => {
    expect(
      makeConfig('tiny', { release: { mode: 'as-released' }, seed: 9, pool: { questions: 3 } }).pool.questions,
    ).toBe(3);
    // Setting a released value again is no contradiction.
    expect(
      makeConfig('tiny', { release: { mode: 'as-released' }, executor: { algorithm: 'grpo' } }).executor.dualClip,
    ).toBe(3);
    const contradict = () =>
      makeConfig('tiny', { release: { mode: 'as-released' }, executor: { algorithm: 'adpo', updatesPerStep: 4 } });
    expect(contradict).toThrow(ConfigError);
    expect(contradict).toThrow(/executor\.algorithm: release\.mode=as-released runs "grpo" \(got "adpo"\)/);
    expect(contradict).toThrow(/executor\.updatesPerStep: release\.mode=as-released runs 1 \(got 4\)/);
    expect(() => makeConfig('tiny', { release: { mode: 'released' as never } })).toThrow(
      /release\.mode: must be one of as-intended, as-released \(got "released"\)/,
    );
  });

  it('keeps executor.algorithm=grpo alone at the executor’s own dual clip (null), unlike the switch', () => {
    expect(makeConfig('faithful', { executor: { algorithm: 'grpo' } }).executor.dualClip).toBeNull();
  });
});
