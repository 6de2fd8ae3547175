/**
 * The recorded repair ablation file (`npm run simulate:repair -- --out FILE`, the shipped
 * public/runs/repair-ablation.json): the one place that writes it and reads it back, for the script
 * and the page alike. Its keys, in order: format, version, config, backend, minutes, runs (the
 * recorded seed, config.seed, whole), otherSeeds (other seeds of the same settings, as held-out
 * numbers: src/repair/seeds.ts; `npm run record:repair-seeds` adds them). The reader refuses
 * anything else with a problem a teacher can act on (ProblemError).
 */
import { ProblemError } from '../core/problem-error';
import type { RepairField } from '../core/problems';
import type { RepairConfig } from '../core/repair/config';
import type { RepairRunRecord } from './records';
import { type RepairSeedRecord, seedRecordOf } from './seeds';

export interface RepairRunFile {
  format: 'agent0-lab-repair-run';
  version: 2;
  config: RepairConfig;
  backend: string;
  minutes: number;
  runs: RepairRunRecord[];
  otherSeeds: RepairSeedRecord[];
}

/** The file's text: one line of JSON, the envelope first (as the shipped ablation is written). */
export function encodeRepairRun(content: Omit<RepairRunFile, 'format' | 'version'>): string {
  const { config, backend, minutes, runs, otherSeeds } = content;
  return JSON.stringify({ format: 'agent0-lab-repair-run', version: 2, config, backend, minutes, runs, otherSeeds });
}

/** Every seed of a recording, the recorded one first. */
export function recordedSeeds(file: RepairRunFile): RepairSeedRecord[] {
  return [seedRecordOf(file.config.seed, file.minutes, file.runs), ...file.otherSeeds];
}

/** Settings as text without the seed, to tell whether two recordings differ in anything else. */
const settingsBesidesSeed = (c: RepairConfig): string => JSON.stringify({ ...c, seed: 0 });

/**
 * `file` with every seed of `others` added to its other seeds. Throws (a plain Error, for the
 * command line) when a recording's settings differ in anything but the seed, its variants differ,
 * or a seed appears twice.
 */
export function withSeeds(file: RepairRunFile, others: readonly RepairRunFile[]): RepairRunFile {
  const names = (seed: RepairSeedRecord) => seed.variants.map((v) => v.name).join(', ');
  const seeds = recordedSeeds(file);
  for (const other of others) {
    if (settingsBesidesSeed(other.config) !== settingsBesidesSeed(file.config))
      throw new Error(
        `seed ${other.config.seed}: its settings differ from seed ${file.config.seed}'s beyond the seed.`,
      );
    for (const seed of recordedSeeds(other)) {
      if (names(seed) !== names(seeds[0] as RepairSeedRecord))
        throw new Error(`seed ${seed.seed}: variants ${names(seed)}, not ${names(seeds[0] as RepairSeedRecord)}.`);
      if (seeds.some((s) => s.seed === seed.seed)) throw new Error(`seed ${seed.seed} is there twice.`);
      seeds.push(seed);
    }
  }
  return { ...file, otherSeeds: seeds.slice(1) };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws naming the first field of the file that is missing or of the wrong kind. */
function need(ok: boolean, path: string, expected: RepairField): asserts ok {
  if (!ok) throw new ProblemError([{ kind: 'repair-malformed', path, expected }]);
}

function checkMetrics(m: unknown, path: string): void {
  need(isObj(m), path, 'metrics');
  const x = m as Record<string, unknown>;
  for (const k of ['compileRate', 'strictAccuracy', 'meanSteps'] as const) need(isNum(x[k]), `${path}.${k}`, 'number');
  need(isObj(x.terminations), `${path}.terminations`, 'terminations');
}

function checkSample(s: unknown, path: string): void {
  need(isObj(s), path, 'sample');
  const x = s as Record<string, unknown>;
  need(
    Array.isArray(x.tokens) && Array.isArray(x.stepOfToken) && x.tokens.length === x.stepOfToken.length,
    `${path}.tokens`,
    'tokens',
  );
  need(Array.isArray(x.steps), `${path}.steps`, 'steps');
  const steps = x.steps as unknown[];
  steps.forEach((st, k) =>
    need(
      isObj(st) && isNum(st.weight) && isNum(st.score) && typeof st.rule === 'string',
      `${path}.steps[${k}]`,
      'step',
    ),
  );
  (x.stepOfToken as unknown[]).forEach((k, i) =>
    need(
      Number.isInteger(k) && (k as number) >= -1 && (k as number) < steps.length,
      `${path}.stepOfToken[${i}]`,
      'step-index',
    ),
  );
  need(isNum(x.tier), `${path}.tier`, 'tier');
  need(x.raised === undefined || (typeof x.raised === 'string' && x.tier !== 1), `${path}.raised`, 'raised');
  const sig = x.signal as Record<string, unknown> | undefined;
  need(
    isObj(sig) && ['reward', 'advantage', 'advantageAllIn', 'advantageMaskedOut'].every((k) => isNum(sig[k])),
    `${path}.signal`,
    'signal',
  );
}

function checkRun(r: unknown, path: string): void {
  need(isObj(r), path, 'variant-run');
  const x = r as Record<string, unknown>;
  need(isObj(x.variant) && typeof x.variant.name === 'string', `${path}.variant`, 'variant');
  checkMetrics(x.baseline, `${path}.baseline`);
  need(Array.isArray(x.iterations) && x.iterations.length > 0, `${path}.iterations`, 'iterations');
  (x.iterations as unknown[]).forEach((it, i) => {
    const p = `${path}.iterations[${i}]`;
    need(isObj(it) && isNum(it.iteration), p, 'iteration');
    const y = it as Record<string, unknown>;
    checkMetrics(y.train, `${p}.train`);
    const masked = (y.train as Record<string, unknown>).masked;
    need(isObj(masked) && isNum(masked.environment) && isNum(masked.degenerate), `${p}.train.masked`, 'masked');
    checkMetrics(y.eval, `${p}.eval`);
    const g = y.group;
    need(
      isObj(g) &&
        isObj(g.task) &&
        Array.isArray(g.task.lines) &&
        Array.isArray(g.task.fixed) &&
        isNum(g.task.defectLine),
      `${p}.group.task`,
      'task',
    );
    const samples = g.samples;
    need(Array.isArray(samples) && samples.length > 0, `${p}.group.samples`, 'samples');
    samples.forEach((s, k) => checkSample(s, `${p}.group.samples[${k}]`));
  });
}

function checkHeldOut(m: unknown, path: string): void {
  need(isObj(m), path, 'metrics');
  for (const k of ['compileRate', 'strictAccuracy', 'meanSteps'] as const) need(isNum(m[k]), `${path}.${k}`, 'number');
}

/** Another seed: its own seed number, and per variant of `runs` (same names, same order) its held-out numbers. */
function checkSeed(s: unknown, path: string, runs: readonly RepairRunRecord[], taken: Set<number>): void {
  need(isObj(s) && Number.isInteger(s.seed) && !taken.has(s.seed as number) && isNum(s.minutes), path, 'seed');
  taken.add(s.seed as number);
  checkHeldOut(s.baseline, `${path}.baseline`);
  const variants = s.variants;
  need(
    Array.isArray(variants) &&
      variants.length === runs.length &&
      variants.every(
        (v, i) => isObj(v) && v.name === runs[i]?.variant.name && Array.isArray(v.eval) && v.eval.length > 0,
      ),
    `${path}.variants`,
    'seed-variants',
  );
  variants.forEach((v, i) =>
    (v.eval as unknown[]).forEach((m, k) => checkHeldOut(m, `${path}.variants[${i}].eval[${k}]`)),
  );
}

/** Check a parsed repair ablation file; throws a message a teacher can act on. */
export function asRepairRun(data: unknown): RepairRunFile {
  const file = data as Partial<RepairRunFile> | null;
  if (!isObj(file) || file.format !== 'agent0-lab-repair-run')
    throw new ProblemError([{ kind: 'wrong-format', format: 'agent0-lab-repair-run' }]);
  if (file.version !== 2)
    throw new ProblemError([{ kind: 'wrong-version', format: 'agent0-lab-repair-run', got: String(file.version) }]);
  need(isObj(file.config) && isNum(file.config.groupSize) && Number.isInteger(file.config.seed), 'config', 'config');
  need(Array.isArray(file.runs) && file.runs.length > 0, 'runs', 'runs');
  (file.runs as unknown[]).forEach((r, i) => checkRun(r, `runs[${i}]`));
  need(Array.isArray(file.otherSeeds), 'otherSeeds', 'seeds');
  const taken = new Set([file.config.seed]);
  (file.otherSeeds as unknown[]).forEach((s, i) => checkSeed(s, `otherSeeds[${i}]`, file.runs ?? [], taken));
  return file as RepairRunFile;
}
