/**
 * The core's settings problems as data and in English: hand-written bad settings (ranges taken from
 * config-rules.ts by hand, not from the code) give the problems and sentences a person must see, and
 * every report survives the worker boundary (structured clone) unchanged.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, makeConfig } from '../../../src/core/config';
import { ProblemError, fromSource, reportOf } from '../../../src/core/problem-error';
import { formatReport } from '../../../src/core/problems';
import { PROBLEMS_EN } from '../../../src/core/problems-en';
import { forkConfig } from '../../../src/engine/files/fork';
import { parseOverrides } from '../../../src/engine/loop/overrides';
import { decodeRun } from '../../../src/engine/files/run-checkpoint';

/** The ConfigError `makeConfig` throws for `items` (section.key=value) on the classroom preset. */
function refusal(items: string[]): ConfigError {
  try {
    makeConfig('classroom', parseOverrides(items) as never);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`${items.join(' ')} was accepted`);
}

describe('settings problems', () => {
  it('executor.trustLow=2: out of [0, 1], and not below trustHigh 0.8', () => {
    const e = refusal(['executor.trustLow=2']);
    expect(e.report.heading).toBe('settings');
    expect(e.problems).toEqual([
      {
        kind: 'out-of-range',
        path: 'executor.trustLow',
        rule: { kind: 'number', min: 0, max: 1, minExclusive: false },
        got: '2',
      },
      {
        kind: 'order',
        low: 'executor.trustLow',
        lowValue: 2,
        high: 'executor.trustHigh',
        highValue: 0.8,
        strict: true,
      },
    ]);
    expect(e.message).toBe(
      'Invalid settings:\n' +
        '  executor.trustLow: must be a number in [0, 1] (got 2).\n' +
        '  executor.trustLow (2) must be below executor.trustHigh (0.8).',
    );
  });

  it('an exclusive minimum, an integer range, a choice and a boolean say so', () => {
    expect(refusal(['executor.epsLow=0']).message).toContain('executor.epsLow: must be a number in (0, 1] (got 0).');
    expect(refusal(['proxy.candidates=65']).message).toContain(
      'proxy.candidates: must be an integer in [1, 64] (got 65).',
    );
    expect(refusal(['loss.aggregation=sum']).message).toContain(
      'loss.aggregation: must be one of token-mean, seq-mean-token-mean, seq-mean-token-sum-norm (got "sum").',
    );
    expect(refusal(['proxy.gate=1']).message).toContain('proxy.gate: must be true or false (got 1).');
    expect(refusal(['executor.dualClip=1']).message).toContain(
      'executor.dualClip: must be null or a number in (1, 100] (got 1).',
    );
  });

  it('an unknown setting names its path', () => {
    const e = refusal(['foo.bar=1', 'executor.trustLoww=0.2']);
    expect(e.problems).toEqual([
      { kind: 'unknown-setting', path: 'foo' },
      { kind: 'unknown-setting', path: 'executor.trustLoww' },
    ]);
    expect(e.message).toBe('Invalid settings:\n  foo: unknown setting.\n  executor.trustLoww: unknown setting.');
  });

  it('a setting that contradicts release.mode=as-released names the released value', () => {
    const e = refusal(['release.mode=as-released', 'executor.algorithm=adpo']);
    expect(e.problems).toEqual([
      { kind: 'release-conflict', path: 'executor.algorithm', released: '"grpo"', got: '"adpo"' },
    ]);
    expect(e.message).toContain(
      'executor.algorithm: release.mode=as-released runs "grpo" (got "adpo"); leave executor.algorithm out',
    );
  });

  it('an override of the wrong shape, and a fork that changes nothing', () => {
    expect(() => parseOverrides(['trustLow=2'])).toThrow(
      'Override "trustLow=2" must look like section.key=value (e.g. executor.algorithm=grpo).',
    );
    const parent = makeConfig('tiny');
    try {
      forkConfig(parent, ['executor.klCoef=0.01', 'nothing.x=1']);
      expect.unreachable();
    } catch (e) {
      expect((e as ProblemError).report).toEqual({
        heading: 'changes',
        source: null,
        problems: [
          { kind: 'fork-unchanged', path: 'executor.klCoef', value: '0.01' },
          { kind: 'fork-unknown-section', section: 'nothing' },
        ],
      });
    }
  });
});

describe('reports', () => {
  it('a refused file is said about its name, and crosses the worker boundary unchanged', () => {
    let err: unknown;
    try {
      decodeRun(new Uint8Array(8));
    } catch (e) {
      err = fromSource(e, 'short.a0run');
    }
    const report = reportOf(err);
    expect(report).toEqual({
      heading: null,
      source: 'short.a0run',
      problems: [{ kind: 'checkpoint-too-short', bytes: 8 }],
    });
    expect((err as Error).message).toBe('short.a0run: Run checkpoint refused: the file is too short (8 bytes).');
    expect(structuredClone(report)).toEqual(report);
    expect(formatReport(PROBLEMS_EN, structuredClone(report))).toBe((err as Error).message);
  });

  it('an error nobody structured keeps its own words', () => {
    expect(reportOf(new TypeError('x is not a function'))).toEqual({
      heading: null,
      source: null,
      problems: [{ kind: 'unexpected', message: 'x is not a function' }],
    });
    expect(formatReport(PROBLEMS_EN, reportOf('plain text'))).toBe('plain text');
  });
});
