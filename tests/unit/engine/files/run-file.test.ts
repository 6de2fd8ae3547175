import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { configDiff } from '../../../../src/engine/files/config-diff';
import { encodeRun } from '../../../../src/engine/files/run-checkpoint';
import { closestPreset, readRunFile } from '../../../../src/engine/files/run-file';

const bytesOf = (path: string) => new Uint8Array(readFileSync(path));

describe('reading run files for the compare view', () => {
  it('reads two recordings of different presets, and their settings differ in the preset sizes', () => {
    const tiny = readRunFile(bytesOf('tests/fixtures/compare/tiny-a.json'), 'tiny-a.json');
    const classroom = readRunFile(bytesOf('public/runs/classroom-seed1.json'), 'classroom-seed1.json');
    expect([tiny.preset, classroom.preset]).toEqual(['tiny', 'classroom']);
    const raw = JSON.parse(readFileSync('tests/fixtures/compare/tiny-a.json', 'utf8')) as { summaries: unknown[] };
    expect(tiny.summaries).toEqual(raw.summaries);
    const byPath = Object.fromEntries(configDiff([tiny.config, classroom.config]).map((d) => [d.path, d.values]));
    // docs/algorithms.md §6.2: tiny keeps 6 pool questions and 2 per difficulty, classroom 32 and 20.
    expect(byPath['pool.questions']).toEqual([6, 32]);
    expect(byPath['evaluation.questionsPerDifficulty']).toEqual([2, 20]);
  });

  it('reads a saved run (.a0run) and names its closest preset', () => {
    const recorded = readRunFile(bytesOf('tests/fixtures/compare/tiny-b.json'), 'tiny-b.json');
    const bytes = encodeRun({
      header: {
        config: recorded.config,
        position: { iteration: 4, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 },
        rng: [0, 0, 0, 1] as never,
        baseline: recorded.baseline,
        summaries: recorded.summaries,
        trace: [],
        optimizerSteps: [0, 0],
        sections: [],
      },
      sections: [new Uint8Array(1), new Uint8Array(1), new Uint8Array(0), new Uint8Array(0)],
    });
    const saved = readRunFile(bytes, 'run.a0run');
    expect(saved.preset).toBe('tiny');
    expect(saved.summaries).toEqual(recorded.summaries);
    expect(saved.config.labelling.mode).toBe('plain');
  });

  it('names the preset a run’s settings are closest to', () => {
    expect(closestPreset(makeConfig('classroom', { seed: 5, executor: { klCoef: 0.1 } }))).toBe('classroom');
    expect(closestPreset(makeConfig('faithful', { seed: 2 }))).toBe('faithful');
  });

  it('refuses a file that is no run, naming it', () => {
    expect(() => readRunFile(new TextEncoder().encode('hello'), 'notes.txt')).toThrow(/notes\.txt: it is neither/);
    expect(() => readRunFile(new TextEncoder().encode('{"format":"x"}'), 'x.json')).toThrow(
      /x\.json: This file is not an Agent0 Lab run/,
    );
    expect(() => readRunFile(new TextEncoder().encode('A0RN....'), 'cut.a0run')).toThrow(
      /cut\.a0run: Run checkpoint refused/,
    );
  });
});
