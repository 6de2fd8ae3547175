/**
 * The numbers the signal-reshaping views draw from a recorded (or live) repair ablation: curves,
 * token segments, advantage pairs, stacks, the process-rule table, variant styles. Every count
 * comes from the run.
 */
import { ABLATION_VARIANTS, type RepairConfig, type RepairVariant } from '../../core/repair/config';
import { TERMINATIONS, type Termination } from '../../core/repair/episode';
import { PROCESS_SCORES, type ProcessRule } from '../../core/repair/process';
import type { RepairRunRecord, SampleView } from '../../repair/records';
import { maskedShare } from '../../repair/summary';
import { LIVE_RUN_COLORS, OKABE_ITO } from '../lib/palette';

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
export function sampleAdvantagePairs(samples: readonly SampleView[]): AdvantagePair[] {
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
const VARIANT_COLORS = OKABE_ITO.filter((c) => c !== OKABE_ITO[6]);

/** Line colour of the i-th variant of the file, and a dash pattern once the colours have all been used. */
export function variantStyle(i: number): { color: string; dash: string | null } {
  const n = VARIANT_COLORS.length;
  return { color: VARIANT_COLORS[((i % n) + n) % n] as string, dash: i >= n ? '5 3' : null };
}

/** Colours of the live run, one per variant of ABLATION_VARIANTS in its order (LIVE_RUN_COLORS). */
const LIVE_COLORS = LIVE_RUN_COLORS;

/** The live run's style by the name of the variant it trains: its own colour, dashed. */
export function liveStyle(variant: string): { color: string; dash: string } {
  const i = Math.max(
    0,
    ABLATION_VARIANTS.findIndex((v) => v.name === variant),
  );
  return { color: LIVE_COLORS[i % LIVE_COLORS.length] as string, dash: '5 3' };
}

/** The style of each run on screen: the recorded ones (the first `recorded`) by index, the live one by its variant. */
export function runStyles(
  runs: readonly { variant: { name: string } }[],
  recorded: number,
  liveVariant: string | undefined,
): { color: string; dash: string | null }[] {
  return runs.map((_, i) => (i < recorded ? variantStyle(i) : liveStyle(liveVariant ?? '')));
}
