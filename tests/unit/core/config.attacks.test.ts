/**
 * Settings written by a person (`?set=`, `fork=`, the fork dialog, the engine worker's `init`) are
 * attacks until proven otherwise: inherited names must never reach `Object` or `Object.prototype`,
 * and sizes no tab can run must be refused with a problem, like any invalid setting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, PRESET_NAMES, type ConfigOverride, makeConfig } from '../../../src/core/config';
import { ProblemError } from '../../../src/core/problem-error';
import { formatReport } from '../../../src/core/problems';
import { PROBLEMS_EN } from '../../../src/core/problems-en';
import { forkConfig } from '../../../src/engine/files/fork';
import { parseOverrides } from '../../../src/engine/loop/overrides';
import { PROBLEMS_KO } from '../../../src/ui/text/problems-ko';

const INHERITED = ['constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', 'prototype'];
const assign = Object.assign;
const keys = Object.keys;

/** The problems a call throws (it must throw a ProblemError). */
function problemsOf(f: () => unknown): ProblemError['problems'] {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ProblemError);
    return (err as ProblemError).problems;
  }
  throw new Error('expected the call to be refused');
}

/** Nothing of Object or Object.prototype was touched. */
function expectUnpolluted(): void {
  expect(Object.assign).toBe(assign);
  expect(Object.keys).toBe(keys);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
    Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort(),
  );
  expect(({} as Record<string, unknown>).assign).toBeUndefined();
  expect(typeof Object.prototype.toString).toBe('function');
  expect(typeof Object.prototype.hasOwnProperty).toBe('function');
  expect(Object.prototype.toString.call([])).toBe('[object Array]');
}

afterEach(() => {
  // Undo whatever a failing (broken-code) run might have done, so one failure does not cascade.
  Object.assign = assign;
  Object.keys = keys;
});

describe('inherited names in settings', () => {
  it('?set=constructor.assign=1 leaves Object.assign alone and is refused as an unknown setting', () => {
    const parsed = parseOverrides(['constructor.assign=1']);
    expectUnpolluted();
    const problems = problemsOf(() => makeConfig('classroom', parsed as ConfigOverride));
    expect(problems).toEqual([{ kind: 'unknown-setting', path: 'constructor' }]);
    expectUnpolluted();
  });

  it.each(INHERITED)('%s as a section or a key is refused, in makeConfig and in a fork', (name) => {
    const parent = makeConfig('tiny', { seed: 3 });
    for (const item of [`${name}.assign=1`, `${name}.call=1`, `executor.${name}=1`, `${name}.${name}=1`]) {
      const parsed = parseOverrides([item]);
      expectUnpolluted();
      const path = item.startsWith('executor.') ? `executor.${name}` : name;
      expect(problemsOf(() => makeConfig('classroom', parsed as ConfigOverride))).toEqual([
        { kind: 'unknown-setting', path },
      ]);
      const fork = problemsOf(() => forkConfig(parent, [item]));
      expect(fork).toEqual([
        item.startsWith('executor.')
          ? { kind: 'unknown-setting', path }
          : { kind: 'fork-unknown-section', section: name },
      ]);
      expectUnpolluted();
    }
  });

  it('an own __proto__ key (JSON, as a worker receives it) is refused and changes no prototype', () => {
    for (const text of [
      '{"__proto__": {"polluted": 1}}',
      '{"executor": {"__proto__": {"klCoef": 5}}}',
      '{"constructor": {"prototype": {"polluted": 1}}}',
    ]) {
      const override = JSON.parse(text) as ConfigOverride;
      const problems = problemsOf(() => makeConfig('classroom', structuredClone(override)));
      expect(problems.map((p) => p.kind)).toEqual(['unknown-setting']);
      expectUnpolluted();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('known settings still go through', () => {
    const parsed = parseOverrides(['executor.algorithm=grpo', 'proxy.gate=false']);
    const config = makeConfig('classroom', parsed as ConfigOverride);
    expect(config.executor.algorithm).toBe('grpo');
    expect(config.proxy.gate).toBe(false);
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
  });

  it('the refusal is worded in English and in Korean', () => {
    const [problem] = problemsOf(() => makeConfig('classroom', parseOverrides(['constructor.assign=1']) as never));
    const report = { heading: 'settings' as const, source: null, problems: [problem!] };
    expect(formatReport(PROBLEMS_EN, report)).toBe('Invalid settings:\n  constructor: unknown setting.');
    expect(formatReport(PROBLEMS_KO, report)).toBe(
      '설정이 올바르지 않습니다:\n  constructor: 이런 이름의 설정은 없습니다.',
    );
  });
});

describe('work budgets', () => {
  it.each(PRESET_NAMES)('the %s preset fits every budget, also as released', (preset) => {
    expect(() => makeConfig(preset)).not.toThrow();
    expect(() => makeConfig(preset, { release: { mode: 'as-released' } })).not.toThrow();
  });

  it('4096 executor prompts × 256 rollouts (each in range) are refused as too much work', () => {
    const problems = problemsOf(() => makeConfig('classroom', { executor: { prompts: 4096, rolloutsPerPrompt: 256 } }));
    expect(problems).toEqual([
      {
        kind: 'work-budget',
        budget: 'executor-rollouts',
        paths: ['executor.prompts', 'executor.rolloutsPerPrompt'],
        formula: 'executor.prompts × executor.rolloutsPerPrompt',
        got: 4096 * 256,
        limit: 2048,
      },
      {
        kind: 'work-budget',
        budget: 'iteration-sequences',
        paths: expect.arrayContaining(['executor.steps', 'executor.prompts', 'evaluation.questionsPerDifficulty']),
        formula: expect.stringContaining('+ executor.steps × executor.prompts × executor.rolloutsPerPrompt +'),
        // classroom: 2 steps × 8 × 4 × (1 + 6) + 32 × 9 + 1 × 4096 × 256 + 7 × 20
        got: 2 * 8 * 4 * 7 + 32 * 9 + 4096 * 256 + 7 * 20,
        limit: 40_000,
      },
    ]);
  });

  it('a pool of 100,000 × 64 labelling samples is refused; so is a huge questioner phase', () => {
    const problems = problemsOf(() =>
      makeConfig('classroom', { pool: { questions: 100_000 }, labelling: { samples: 64 } }),
    );
    expect(problems.map((p) => p.kind === 'work-budget' && [p.budget, p.got])).toEqual([
      ['labelling-samples', 6_400_000],
      ['iteration-sequences', 2 * 8 * 4 * 7 + 6_400_000 + 8 * 8 + 7 * 20],
    ]);
    const q = problemsOf(() =>
      makeConfig('classroom', { questioner: { prompts: 4096, rolloutsPerPrompt: 64 }, proxy: { candidates: 64 } }),
    );
    expect(q.map((p) => p.kind === 'work-budget' && p.budget)).toEqual([
      'questioner-rollouts',
      'proxy-answers',
      'iteration-sequences',
    ]);
  });

  it('1000 curriculum steps of a full questioner phase are refused as too much work for one iteration', () => {
    // Each step fits its own budgets (32 × 32 rollouts, × 4 proxy answers); 1000 steps do not:
    // 1000 × 32 × 32 × (1 + 4) + 32 × 9 (pool × labelling) + 1 × 8 × 8 (executor) + 7 × 20 (evaluation).
    const problems = problemsOf(() =>
      makeConfig('classroom', {
        questioner: { steps: 1000, prompts: 32, rolloutsPerPrompt: 32 },
        proxy: { candidates: 4 },
      }),
    );
    expect(problems.map((p) => p.kind === 'work-budget' && [p.budget, p.got, p.limit])).toEqual([
      ['iteration-sequences', 1000 * 32 * 32 * 5 + 32 * 9 + 8 * 8 + 7 * 20, 40_000],
    ]);
    // One step of it fits: 1 × 1024 × 5 + 288 + 64 + 140 = 5612.
    expect(() =>
      makeConfig('classroom', {
        questioner: { steps: 1, prompts: 32, rolloutsPerPrompt: 32 },
        proxy: { candidates: 4 },
      }),
    ).not.toThrow();
  });

  it("an iteration's budget is worded with its whole formula, in both languages", () => {
    const [problem] = problemsOf(() => makeConfig('classroom', { questioner: { steps: 1000 } }));
    const report = { heading: 'settings' as const, source: null, problems: [problem!] };
    expect(formatReport(PROBLEMS_EN, report)).toContain(
      'questioner.steps × questioner.prompts × questioner.rolloutsPerPrompt × (1 + proxy.candidates) + pool.questions × labelling.samples',
    );
    expect(formatReport(PROBLEMS_EN, report)).toContain('sequences generated per iteration');
    expect(formatReport(PROBLEMS_KO, report)).toContain('반복마다 생성하는 시퀀스');
  });

  it('the limit itself is allowed, one more is not', () => {
    expect(() => makeConfig('classroom', { executor: { prompts: 8, rolloutsPerPrompt: 256 } })).not.toThrow();
    expect(() => makeConfig('classroom', { executor: { prompts: 9, rolloutsPerPrompt: 256 } })).toThrow(ConfigError);
  });

  it('a fork cannot reach past the budget either, and the problem is worded in both languages', () => {
    const parent = makeConfig('classroom', { seed: 2 });
    const err = (() => {
      try {
        forkConfig(parent, ['pool.questions=100000', 'labelling.samples=64']);
      } catch (e) {
        return e as ProblemError;
      }
      throw new Error('fork accepted');
    })();
    expect(err.message).toContain(
      'pool.questions × labelling.samples = 6400000 labelling samples per iteration, more than a browser tab can run (at most 8192).',
    );
    expect(formatReport(PROBLEMS_KO, err.report)).toContain(
      'pool.questions × labelling.samples = 6400000: 반복마다 정답 표본이(가) 브라우저 탭이 감당할 수 있는 양(최대 8192)보다 많습니다.',
    );
  });
});
