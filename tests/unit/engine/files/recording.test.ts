import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import type { Engine } from '../../../../src/engine/loop/engine';
import {
  asRecordedRun,
  completedSummaries,
  decodeRecording,
  encodeRecording,
  makeRecording,
  recordingOf,
} from '../../../../src/engine/files/recording';
import { asRepairRun, encodeRepairRun } from '../../../../src/repair/recording';
import {
  ABLATION_FORMAT,
  type AblationRecording,
  decodeAblation,
  encodeAblation,
} from '../../../../src/engine/studies/ablation-file';

const withoutEnvelope = ({ format: _format, version: _version, ...rest }: AblationRecording) => rest;

const shipped = readdirSync('public/runs')
  .filter((f) => f.endsWith('.json'))
  .map((f) => `public/runs/${f}`);

describe('the recording writer', () => {
  it('finds the shipped recordings (three runs, three one-change runs, the Tables 3/9 and the repair ablations)', () => {
    expect(shipped).toEqual([
      'public/runs/classroom-seed1.json',
      'public/runs/coevolution-ablation.json',
      'public/runs/compare-as-intended.json',
      'public/runs/compare-as-released.json',
      'public/runs/compare-only-executor-schedule.json',
      'public/runs/compare-only-plain-labelling.json',
      'public/runs/compare-only-released-gate.json',
      'public/runs/repair-ablation.json',
    ]);
  });

  // write(read(file)) === file, byte for byte: the typed writer writes what the scripts wrote.
  it.each(shipped)('writes %s back byte for byte from what it reads', (path) => {
    const text = readFileSync(path, 'utf8');
    const data: unknown = JSON.parse(text);
    const format = (data as { format?: string }).format;
    const again =
      format === 'agent0-lab-repair-run'
        ? encodeRepairRun(asRepairRun(data))
        : format === ABLATION_FORMAT
          ? encodeAblation(withoutEnvelope(decodeAblation(text)))
          : encodeRecording(asRecordedRun(data));
    expect(again.length).toBe(text.length);
    expect(again === text).toBe(true);
  });

  it('puts the keys in the file order and leaves out a Table 5 the run does not have', () => {
    const config = makeConfig('tiny', { seed: 3 });
    const engine = { config, backend: 'wasm', baseline: null, summaries: [], trace: [] } as unknown as Engine;
    const text = encodeRecording(recordingOf(engine, 'tiny'));
    expect(text.startsWith('{"format":"agent0-lab-run","version":1,"preset":"tiny","config":{"seed":3,')).toBe(true);
    expect(text.endsWith('"backend":"wasm","baseline":null,"summaries":[],"trace":[]}')).toBe(true);
    const table = [{ solver: 0, pass: [], toolCalls: [] }];
    expect(
      encodeRecording(recordingOf(engine, 'tiny', table)).endsWith(
        ',"coevolution":[{"solver":0,"pass":[],"toolCalls":[]}]}',
      ),
    ).toBe(true);
    // Fields it is handed beyond a recording's are not written.
    const extra = { ...makeRecording(recordingOf(engine, 'tiny')), stray: 1 };
    expect(encodeRecording(extra)).not.toContain('stray');
  });

  it('refuses text that is not JSON, as a problem rather than a parser error', () => {
    expect(() => decodeRecording('{"format":')).toThrow(/neither a recording \(JSON\)/);
  });
});

describe('the summaries the page draws from a recording', () => {
  const run = decodeRecording(readFileSync('public/runs/classroom-seed1.json', 'utf8'));
  const drawn = completedSummaries(run);

  it('gains the by-level figures a file predates, as read off its evaluation and curriculum records', () => {
    // The ladder base as the evaluation phase measures it (20 questions a level); npm run eval:base
    // measured the same checkpoint at 1.00 0.95 0.95 1.00 0.00 0.00 0.00 (docs/experiments.md, base L5).
    expect(run.baseline?.byDifficulty.map((d) => d.accuracy)).toEqual([1, 0.95, 0.95, 1, 0, 0, 0]);
    // A file written before summaries kept their by-level figures: the same run without them.
    const older = {
      ...run,
      summaries: run.summaries.map(({ byDifficulty: _b, levels: _l, ...rest }) => rest),
    } as typeof run;
    const completed = completedSummaries(older);
    expect(completed.at(-1)?.iteration).toBe(8);
    completed.forEach((s, i) => {
      expect(s.byDifficulty).toEqual(run.summaries[i]?.byDifficulty);
      expect(s.levels).toEqual(run.summaries[i]?.levels);
    });
    expect(completed.every((s) => s.byDifficulty?.every((d) => d.n === 20))).toBe(true);
    // The pool holds 32 questions an iteration (classroom); its levels count those the oracle solves.
    for (const s of completed) expect(s.levels?.reduce((n, l) => n + l.pool, 0)).toBeLessThanOrEqual(32);
  });

  it('keeps every figure the file holds as written', () => {
    run.summaries.forEach((s, i) => {
      for (const [key, value] of Object.entries(s))
        expect([key, drawn[i]?.[key as keyof typeof s]]).toEqual([key, value]);
    });
    expect(run.summaries[0]).toHaveProperty('levels');
  });
});
