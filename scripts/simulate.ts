/**
 * `npm run simulate -- --preset classroom --iterations 5 --seed 1 [--out runs/NAME.json] [--json]
 *   [--set section.key=value ...] [--model path/to/base.a0lm]
 *   [--checkpoint runs/NAME.a0run] [--resume runs/NAME.a0run] [--export DIR]`
 * --checkpoint saves the run at the end (both models, optimizer states, PRNG, trace), --resume
 * continues a saved run with its own settings, --export writes the last curated set as Parquet
 * (curated.parquet) and the matching Agent0 arguments (agent0-args.txt).
 * Runs Agent0's loop headless (Node, WASM backend, Pyodide sandbox): a progress line on stderr, a
 * table with one row per iteration, and with --json one JSON object as the last line. --out saves
 * the whole run (settings, baseline, summaries, trace): the page replays it without WebGPU.
 * `--compare FILE_A FILE_B` runs nothing: it prints two run files (recordings or .a0run) side by
 * side, per iteration, with the settings in which they differ (scripts/compare-table.ts).
 * `--unipo FILE` writes the run in UNIPO's run-log format (src/engine/files/unipo.ts); with
 * `--run RECORDING --unipo FILE` nothing runs: the recording is converted.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConfigOverride, type PresetName, makeConfig } from '../src/core/config';
import { parseOverrides } from '../src/engine/loop/overrides';
import type { ProgressKind } from '../src/engine/loop/context';
import { createNodeEngine } from '../src/engine/node';
import { exportLastCuration } from '../src/engine/files/export';
import { readFileBytes, writeFileAtomic } from '../src/engine/files/file-store';
import { restoreRun, saveRun } from '../src/engine/files/persist';
import { decodeRun } from '../src/engine/files/run-checkpoint';
import { decodeRecording, encodeRecording, recordingOf } from '../src/engine/files/recording';
import { encodeUnipo } from '../src/engine/files/unipo';
import { METRICS } from '../src/engine/loop/metrics';
import { type IterationSummary, metricValue } from '../src/engine/loop/summary';
import { type RunCurves, readRunFile } from '../src/engine/files/run-file';
import { compareLines } from './compare-table';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    compare: { type: 'boolean', default: false },
    preset: { type: 'string', default: 'classroom' },
    iterations: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
    set: { type: 'string', multiple: true, default: [] },
    model: { type: 'string' },
    checkpoint: { type: 'string' },
    resume: { type: 'string' },
    export: { type: 'string' },
    unipo: { type: 'string' },
    run: { type: 'string' },
  },
});

if (values.compare) {
  if (positionals.length !== 2) {
    console.error(`simulate: --compare takes two run files (got ${positionals.length}).`);
    process.exit(2);
  }
  try {
    const [a, b] = positionals.map((f) => readRunFile(readFileBytes(f), f)) as [RunCurves, RunCurves];
    console.log(compareLines(a, b, positionals as [string, string]).join('\n'));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  }
  process.exit(0);
} else if (positionals.length > 0) {
  console.error(`simulate: unexpected arguments ${positionals.join(' ')} (only --compare takes files).`);
  process.exit(2);
}

if (values.run) {
  if (!values.unipo) {
    console.error('simulate: --run converts a recording and needs --unipo FILE.');
    process.exit(2);
  }
  try {
    writeFileAtomic(
      values.unipo,
      new TextEncoder().encode(encodeUnipo(decodeRecording(readFileSync(values.run, 'utf8')))),
    );
  } catch (err) {
    console.error(`simulate: ${values.run}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  process.stderr.write(`simulate: wrote ${values.run} in UNIPO's format to ${values.unipo}\n`);
  process.exit(0);
}

const iterations = Number(values.iterations);
if (!Number.isInteger(iterations) || iterations < 1) {
  console.error(`simulate: --iterations must be a positive integer (got ${values.iterations}).`);
  process.exit(2);
}
let config;
let resumeBytes: Uint8Array | undefined;
try {
  if (values.resume) {
    resumeBytes = readFileBytes(values.resume);
    config = decodeRun(resumeBytes).header.config;
  } else {
    const override: ConfigOverride = {
      ...parseOverrides(values.set ?? []),
      seed: Number(values.seed),
    } as ConfigOverride;
    config = makeConfig(values.preset as PresetName, override);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}

const progress = (kind: ProgressKind, done: number, total: number) => {
  if (process.stderr.isTTY) process.stderr.write(`\r  ${kind}: ${done}/${total}   `);
};
const checkpoint = values.model ? new Uint8Array(readFileSync(values.model)) : undefined;
const { engine, dispose } = await createNodeEngine(config, { progress, ...(checkpoint ? { checkpoint } : {}) });
if (resumeBytes) restoreRun(engine, resumeBytes);
const fmt = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
/** The table: the iteration, every metric of src/engine/loop/metrics.ts, the seconds. */
const columns: [string, (s: IterationSummary) => string][] = [
  ['iter', (s) => String(s.iteration)],
  ...METRICS.map((m): [string, (s: IterationSummary) => string] => [
    m.column,
    (s) => fmt(metricValue(s, m.key), m.digits),
  ]),
  ['s', (s) => fmt(s.seconds, 1)],
];
const row = (cells: string[]) => cells.map((c) => c.padStart(9)).join(' ');

try {
  process.stderr.write(`simulate: preset ${values.preset}, seed ${config.seed}, backend ${engine.backend}\n`);
  const base = await engine.evaluateBaseline();
  if (resumeBytes) console.log(`resumed at iteration ${engine.position.iteration}`);
  console.log(`base model: held-out accuracy ${fmt(base.accuracy)}, tool use ${fmt(base.toolUseRate)}`);
  console.log(row(columns.map(([h]) => h)));
  for (let i = 0; i < iterations; i++) {
    await engine.runIteration();
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    const s = engine.summaries.at(-1) as IterationSummary;
    console.log(row(columns.map(([, f]) => f(s))));
  }
  if (values.out) {
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, encodeRecording(recordingOf(engine, values.preset as PresetName)));
    process.stderr.write(`simulate: saved the run to ${values.out}\n`);
  }
  if (values.unipo) {
    const log = encodeUnipo({ config: engine.config, backend: engine.backend, trace: engine.trace });
    writeFileAtomic(values.unipo, new TextEncoder().encode(log));
    process.stderr.write(`simulate: wrote the run in UNIPO's format to ${values.unipo}\n`);
  }
  if (values.checkpoint) {
    writeFileAtomic(values.checkpoint, await saveRun(engine));
    process.stderr.write(`simulate: saved the checkpoint to ${values.checkpoint}\n`);
  }
  if (values.export) {
    const { parquet, args } = exportLastCuration(engine);
    writeFileAtomic(join(values.export, 'curated.parquet'), parquet);
    writeFileAtomic(join(values.export, 'agent0-args.txt'), new TextEncoder().encode(args));
    process.stderr.write(`simulate: exported the curated set to ${values.export}\n`);
  }
  if (values.json) console.log(JSON.stringify({ iterations: engine.summaries, base }));
} finally {
  await dispose();
}
