/**
 * The recorded repair ablation file (`npm run simulate:repair -- --out FILE`, the shipped
 * public/runs/repair-ablation.json): the one place that writes it and reads it back, for the script
 * and the page alike. Its keys, in order: format, version, config, backend, minutes, runs. The
 * reader refuses anything else with a problem a teacher can act on (ProblemError).
 */
import { ProblemError } from '../core/problem-error';
import type { RepairField } from '../core/problems';
import type { RepairConfig } from '../core/repair/config';
import type { RepairRunRecord } from './records';

export interface RepairRunFile {
  format: 'agent0-lab-repair-run';
  version: 1;
  config: RepairConfig;
  backend: string;
  minutes: number;
  runs: RepairRunRecord[];
}

/** The file's text: one line of JSON, the envelope first (as the shipped ablation is written). */
export function encodeRepairRun(content: Omit<RepairRunFile, 'format' | 'version'>): string {
  const { config, backend, minutes, runs } = content;
  return JSON.stringify({ format: 'agent0-lab-repair-run', version: 1, config, backend, minutes, runs });
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

/** Check a parsed repair ablation file; throws a message a teacher can act on. */
export function asRepairRun(data: unknown): RepairRunFile {
  const file = data as Partial<RepairRunFile> | null;
  if (!isObj(file) || file.format !== 'agent0-lab-repair-run')
    throw new ProblemError([{ kind: 'wrong-format', format: 'agent0-lab-repair-run' }]);
  if (file.version !== 1)
    throw new ProblemError([{ kind: 'wrong-version', format: 'agent0-lab-repair-run', got: String(file.version) }]);
  need(isObj(file.config) && isNum(file.config.groupSize), 'config', 'config');
  need(Array.isArray(file.runs) && file.runs.length > 0, 'runs', 'runs');
  (file.runs as unknown[]).forEach((r, i) => checkRun(r, `runs[${i}]`));
  return file as RepairRunFile;
}
