/**
 * Files opened in the compare view are attacks until checked: a baseline or summaries of the wrong
 * shape, more summaries than any run has, settings nested deep enough to overflow a recursive walk,
 * unknown or inherited settings — each refused with a problem about the file, never a stack error;
 * every shipped recording still reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../../src/core/problem-error';
import { encodeRun } from '../../../../src/engine/files/run-checkpoint';
import { readRunFile } from '../../../../src/engine/files/run-file';

const fixture = JSON.parse(readFileSync('tests/fixtures/compare/tiny-a.json', 'utf8')) as Record<string, unknown>;
const asBytes = (data: unknown) => new TextEncoder().encode(JSON.stringify(data));

/** The problem kinds `readRunFile` refuses `bytes` with (it must refuse them with a ProblemError). */
function refusedKinds(bytes: Uint8Array): string[] {
  try {
    readRunFile(bytes, 'attack.json');
  } catch (err) {
    expect(err).toBeInstanceOf(ProblemError);
    expect((err as ProblemError).report.source).toBe('attack.json');
    return (err as ProblemError).problems.map((p) => p.kind);
  }
  throw new Error('the file was accepted');
}

/** A saved run (.a0run) whose header carries `header` over the fixture's curves. */
function saved(header: Record<string, unknown>): Uint8Array {
  return encodeRun({
    header: {
      config: fixture.config,
      position: { iteration: 2, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 },
      rng: [1, 2, 3, 4],
      baseline: fixture.baseline,
      summaries: fixture.summaries,
      trace: [],
      optimizerSteps: [0, 0],
      sections: [],
      ...header,
    } as never,
    sections: [new Uint8Array(1), new Uint8Array(1), new Uint8Array(0), new Uint8Array(0)],
  });
}

/** Settings with one setting's value nested `n` objects deep, written as text (stringify would overflow). */
function deepConfigText(n: number): string {
  const text = JSON.stringify({ ...fixture, config: { ...(fixture.config as object), seed: 'DEEP' } });
  return text.replace('"DEEP"', `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
}

describe('the compare view refuses malformed run files', () => {
  it('a baseline of {} or of the wrong fields', () => {
    expect(refusedKinds(asBytes({ ...fixture, baseline: {} }))).toEqual(['checkpoint-header']);
    expect(refusedKinds(asBytes({ ...fixture, baseline: { accuracy: 'x', byDifficulty: [] } }))).toEqual([
      'checkpoint-header',
    ]);
    expect(refusedKinds(saved({ baseline: {} }))).toEqual(['checkpoint-header']);
  });

  it('summaries of [null], of strings, or not a list', () => {
    expect(refusedKinds(asBytes({ ...fixture, summaries: [null] }))).toEqual(['checkpoint-header']);
    expect(refusedKinds(asBytes({ ...fixture, summaries: [{ iteration: 1, meanP: 'high' }] }))).toEqual([
      'checkpoint-header',
    ]);
    expect(refusedKinds(saved({ summaries: [null] }))).toEqual(['checkpoint-header']);
    expect(refusedKinds(saved({ summaries: 'none' }))).toEqual(['checkpoint-header']);
  });

  it('200,000 summaries', () => {
    const one = (fixture.summaries as unknown[])[0];
    const summaries = Array.from({ length: 200_000 }, () => one);
    expect(refusedKinds(asBytes({ ...fixture, summaries }))).toEqual(['checkpoint-too-large']);
    expect(refusedKinds(saved({ summaries }))).toEqual(['checkpoint-too-large']);
  });

  it('settings nested 100,000 deep (a recording and a saved run), without a stack error', () => {
    expect(refusedKinds(new TextEncoder().encode(deepConfigText(100_000)))).toEqual(['checkpoint-too-large']);
    // Just under the file's depth cap the settings' own check refuses the value.
    expect(refusedKinds(new TextEncoder().encode(deepConfigText(20)))).toEqual(['out-of-range']);
  });

  it('unknown or inherited settings, and settings no tab can run', () => {
    const config = fixture.config as Record<string, Record<string, unknown>>;
    const withConfig = (c: unknown) => asBytes({ ...fixture, config: c });
    expect(refusedKinds(withConfig({ ...config, executor: { ...config.executor, bogus: 1 } }))).toEqual([
      'unknown-setting',
    ]);
    expect(
      refusedKinds(
        new TextEncoder().encode(
          JSON.stringify({ ...fixture }).replace('"config":{', '"config":{"__proto__":{"x":1},'),
        ),
      ),
    ).toEqual(['unknown-setting']);
    expect(
      refusedKinds(
        withConfig({
          ...config,
          pool: { ...config.pool, questions: 100_000 },
          labelling: { ...config.labelling, samples: 64 },
        }),
      ),
    ).toEqual(['work-budget', 'work-budget']); // the labelling phase's budget, and the iteration's
    expect(refusedKinds(saved({ config: { ...config, constructor: { assign: 1 } } }))).toEqual(['unknown-setting']);
    expect(typeof Object.assign).toBe('function');
  });
});

describe('valid run files still read', () => {
  it.each([
    'public/runs/classroom-seed1.json',
    'public/runs/compare-as-intended.json',
    'public/runs/compare-as-released.json',
    'public/runs/compare-only-executor-schedule.json',
    'public/runs/compare-only-plain-labelling.json',
    'public/runs/compare-only-released-gate.json',
    'tests/fixtures/compare/tiny-a.json',
    'tests/fixtures/compare/tiny-b.json',
  ])('%s', (path) => {
    const curves = readRunFile(new Uint8Array(readFileSync(path)), path);
    expect(curves.summaries.length).toBeGreaterThan(0);
  });

  it('a saved run of the same curves', () => {
    const curves = readRunFile(saved({}), 'run.a0run');
    expect(curves.summaries).toEqual(fixture.summaries);
    expect(curves.baseline).toEqual(fixture.baseline);
  });
});
