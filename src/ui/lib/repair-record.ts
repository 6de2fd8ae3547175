/**
 * The recorded repair ablation (`scripts/simulate-repair.ts --out FILE`): checking the file and
 * the numbers the signal-reshaping views draw from it. Every count comes from the file.
 */
import type { RepairConfig, RepairVariant } from '../../core/repair/config';
import { TERMINATIONS, type Termination } from '../../core/repair/episode';
import { PROCESS_SCORES, type ProcessRule } from '../../core/repair/process';
import type { RepairRunRecord, SampleView } from '../../repair/lab';
import { maskedShare } from '../../repair/summary';

export interface RepairRunFile {
  format: 'agent0-lab-repair-run';
  version: 1;
  config: RepairConfig;
  backend: string;
  minutes: number;
  runs: RepairRunRecord[];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws naming the first field of the file that is missing or of the wrong kind. */
function need(ok: boolean, path: string, what: string): asserts ok {
  if (!ok) throw new Error(`The repair run file is malformed at ${path}: ${what}.`);
}

function checkMetrics(m: unknown, path: string): void {
  need(isObj(m), path, 'expected evaluation metrics');
  const x = m as Record<string, unknown>;
  for (const k of ['compileRate', 'strictAccuracy', 'meanSteps'] as const)
    need(isNum(x[k]), `${path}.${k}`, 'expected a number');
  need(isObj(x.terminations), `${path}.terminations`, 'expected shares by termination');
}

function checkSample(s: unknown, path: string): void {
  need(isObj(s), path, 'expected a sample');
  const x = s as Record<string, unknown>;
  need(
    Array.isArray(x.tokens) && Array.isArray(x.stepOfToken) && x.tokens.length === x.stepOfToken.length,
    `${path}.tokens`,
    'expected tokens and stepOfToken of equal length',
  );
  need(Array.isArray(x.steps), `${path}.steps`, 'expected a list of steps');
  const steps = x.steps as unknown[];
  steps.forEach((st, k) =>
    need(
      isObj(st) && isNum(st.weight) && isNum(st.score) && typeof st.rule === 'string',
      `${path}.steps[${k}]`,
      'expected rule, score and weight',
    ),
  );
  (x.stepOfToken as unknown[]).forEach((k, i) =>
    need(
      Number.isInteger(k) && (k as number) >= -1 && (k as number) < steps.length,
      `${path}.stepOfToken[${i}]`,
      'expected −1 or a step index',
    ),
  );
  need(isNum(x.tier), `${path}.tier`, 'expected the judge tier');
  const sig = x.signal as Record<string, unknown> | undefined;
  need(
    isObj(sig) && ['reward', 'advantage', 'advantageAllIn', 'advantageMaskedOut'].every((k) => isNum(sig[k])),
    `${path}.signal`,
    'expected reward and advantages',
  );
}

function checkRun(r: unknown, path: string): void {
  need(isObj(r), path, 'expected a variant run');
  const x = r as Record<string, unknown>;
  need(isObj(x.variant) && typeof x.variant.name === 'string', `${path}.variant`, 'expected a named variant');
  checkMetrics(x.baseline, `${path}.baseline`);
  need(Array.isArray(x.iterations) && x.iterations.length > 0, `${path}.iterations`, 'expected at least one iteration');
  (x.iterations as unknown[]).forEach((it, i) => {
    const p = `${path}.iterations[${i}]`;
    need(isObj(it) && isNum(it.iteration), p, 'expected an iteration number');
    const y = it as Record<string, unknown>;
    checkMetrics(y.train, `${p}.train`);
    const masked = (y.train as Record<string, unknown>).masked;
    need(
      isObj(masked) && isNum(masked.environment) && isNum(masked.degenerate),
      `${p}.train.masked`,
      'expected masked shares by cause',
    );
    checkMetrics(y.eval, `${p}.eval`);
    const g = y.group;
    need(
      isObj(g) &&
        isObj(g.task) &&
        Array.isArray(g.task.lines) &&
        Array.isArray(g.task.fixed) &&
        isNum(g.task.defectLine),
      `${p}.group.task`,
      'expected the task',
    );
    const samples = g.samples;
    need(Array.isArray(samples) && samples.length > 0, `${p}.group.samples`, 'expected the samples');
    samples.forEach((s, k) => checkSample(s, `${p}.group.samples[${k}]`));
  });
}

/** Check a parsed repair ablation file; throws a message a teacher can act on. */
export function asRepairRun(data: unknown): RepairRunFile {
  const file = data as Partial<RepairRunFile> | null;
  if (!isObj(file) || file.format !== 'agent0-lab-repair-run')
    throw new Error('This file is not a recorded repair ablation (format "agent0-lab-repair-run").');
  if (file.version !== 1)
    throw new Error(`Agent0 Lab reads repair run files of version 1 (this one is version ${String(file.version)}).`);
  need(isObj(file.config) && isNum(file.config.groupSize), 'config', 'expected the lab settings');
  need(Array.isArray(file.runs) && file.runs.length > 0, 'runs', 'expected at least one variant run');
  (file.runs as unknown[]).forEach((r, i) => checkRun(r, `runs[${i}]`));
  return file as RepairRunFile;
}

/** `x` with three decimals, without "-0.000" (the form the data attributes carry). */
export function dec3(x: number): string {
  const s = x.toFixed(3);
  return Number(s) === 0 ? '0.000' : s;
}

export type RepairMetric = 'compileRate' | 'strictAccuracy' | 'meanSteps' | 'maskedShare';
export const REPAIR_METRICS: readonly { key: RepairMetric; share: boolean }[] = [
  { key: 'compileRate', share: true },
  { key: 'strictAccuracy', share: true },
  { key: 'meanSteps', share: false },
  { key: 'maskedShare', share: true },
];

export interface CurvePoint {
  iteration: number;
  value: number;
}

/**
 * A variant's curve: held-out `eval` metrics per iteration, with the base model (`baseline`) as
 * iteration 0; the masked share comes from training and has no iteration 0.
 */
export function curveSeries(run: RepairRunRecord, metric: RepairMetric): CurvePoint[] {
  if (metric === 'maskedShare')
    return run.iterations.map((it) => ({ iteration: it.iteration, value: maskedShare(it) }));
  const base = { iteration: 0, value: run.baseline[metric] };
  return [base, ...run.iterations.map((it) => ({ iteration: it.iteration, value: it.eval[metric] }))];
}

export interface TokenSegment {
  /** The step these tokens belong to (−1: the environment's observation, never trained). */
  step: number;
  tokens: string[];
  /** The step's weight w_k (null for observations). */
  weight: number | null;
  trained: boolean;
  rule: ProcessRule | null;
  score: number | null;
}

/** A sample's completion cut into runs of consecutive tokens of the same step, each with its step's rule, score and weight. */
export function tokenSegments(sample: SampleView): TokenSegment[] {
  const out: TokenSegment[] = [];
  sample.tokens.forEach((tok, i) => {
    const step = sample.stepOfToken[i] ?? -1;
    const last = out[out.length - 1];
    if (last && last.step === step) {
      last.tokens.push(tok);
      return;
    }
    const st = step >= 0 ? sample.steps[step] : undefined;
    out.push({
      step,
      tokens: [tok],
      weight: st ? st.weight : null,
      trained: st ? st.trained : false,
      rule: st ? st.rule : null,
      score: st ? st.score : null,
    });
  });
  return out;
}

/** Largest step weight of a group (at least 1), the top of the weight colour scale. */
export function maxWeight(samples: readonly SampleView[]): number {
  return Math.max(1, ...samples.flatMap((s) => s.steps.map((st) => st.weight)));
}

export type AdvantageKind = 'all-in' | 'masked-out';

/**
 * Which advantage the update uses (as `sampleSignals` decides): the masked-out one only when
 * governance is on and environment failures are dropped from the statistics, else the all-in one.
 */
export function advantageKind(variant: RepairVariant, config: RepairConfig): AdvantageKind {
  return variant.governance && config.governance.environmentInStats === 'drop' ? 'masked-out' : 'all-in';
}

export interface AdvantagePair {
  sample: number;
  allIn: number;
  maskedOut: number;
  /** The advantage the update used (`signal.advantage`). */
  used: number;
  inStats: boolean;
  maskCause: SampleView['signal']['maskCause'];
}

/** Per sample of a group: its advantage with every sample in the statistics, with environment failures left out, and the one used. */
export function advantagePairs(samples: readonly SampleView[]): AdvantagePair[] {
  return samples.map((s, sample) => ({
    sample,
    allIn: s.signal.advantageAllIn,
    maskedOut: s.signal.advantageMaskedOut,
    used: s.signal.advantage,
    inStats: s.signal.inStats,
    maskCause: s.signal.maskCause,
  }));
}

export interface StackPart<K extends string> {
  key: K;
  value: number;
  y0: number;
  y1: number;
}

/** Values stacked from 0 in the given order (each part from the top of the previous). */
export function stack<K extends string>(parts: readonly { key: K; value: number }[]): StackPart<K>[] {
  let y = 0;
  return parts.map((p) => {
    const y0 = y;
    y += p.value;
    return { key: p.key, value: p.value, y0, y1: y };
  });
}

export type MaskCause = 'environment' | 'degenerate';
export const MASK_CAUSES: readonly MaskCause[] = ['environment', 'degenerate'];

/** Per iteration of a variant: the masked shares of its training samples, environment below degenerate. */
export function maskedStacks(run: RepairRunRecord): { iteration: number; parts: StackPart<MaskCause>[] }[] {
  return run.iterations.map((it) => ({
    iteration: it.iteration,
    parts: stack(MASK_CAUSES.map((key) => ({ key, value: it.train.masked[key] }))),
  }));
}

/** Per iteration of a variant: how its training episodes ended, as shares stacked in TERMINATIONS order. */
export function terminationStacks(run: RepairRunRecord): { iteration: number; parts: StackPart<Termination>[] }[] {
  return run.iterations.map((it) => ({
    iteration: it.iteration,
    parts: stack(TERMINATIONS.map((key) => ({ key, value: it.train.terminations[key] ?? 0 }))),
  }));
}

export type RuleAction = 'any' | 'edit' | 'check' | 'run' | 'submit';

/** The judge's rules in table order: rule, the action it applies to, its score s. */
export function processRuleTable(): { rule: ProcessRule; action: RuleAction; score: number }[] {
  const actionOf = (rule: string): RuleAction =>
    /edit/i.test(rule)
      ? 'edit'
      : /check/i.test(rule)
        ? 'check'
        : /run/i.test(rule)
          ? 'run'
          : /submit/i.test(rule)
            ? 'submit'
            : 'any';
  return (Object.keys(PROCESS_SCORES) as ProcessRule[]).map((rule) => ({
    rule,
    action: actionOf(rule),
    score: PROCESS_SCORES[rule],
  }));
}

/** Okabe–Ito without its yellow (too faint as a thin line on white). */
const VARIANT_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000'] as const;

/** Line colour of the i-th variant of the file, and a dash pattern once the colours have all been used. */
export function variantStyle(i: number): { color: string; dash: string | null } {
  const n = VARIANT_COLORS.length;
  return { color: VARIANT_COLORS[((i % n) + n) % n] as string, dash: i >= n ? '5 3' : null };
}
