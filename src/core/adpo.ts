/** ADPO: Agent0's ambiguity-aware executor update (docs/algorithms.md §5). */
import type { Agent0Config } from './config';
import { clamp } from './loss';
import { grpoAdvantages, type GrpoOptions, type GrpoResult } from './grpo';

export interface AdpoOptions {
  /** Score at which trust starts to rise (w = 0 at and below). Default 0.3. */
  trustLow?: number;
  /** Score of full trust (w = 1 at and above). Default 0.8. */
  trustHigh?: number;
  /** Floor m of the advantage scale g(s) ∈ [m, 1]. Default 0.6 (Agent0's code default is 0.5). */
  minScale?: number;
  /** ε_high at full trust. Default 0.2. */
  epsHighMin?: number;
  /** Extra ε_high granted to the least trusted questions. Default 0.1. */
  epsHighSpan?: number;
  /** Score at and above which no extra ε_high is granted. Default 0.8. */
  clipScoreHigh?: number;
  /** Width in s over which the extra ε_high fades. Default 0.5. */
  clipScoreSpan?: number;
}

/** The settings of a run's executor that ADPO reads. */
export type AdpoSettings = Pick<
  Agent0Config['executor'],
  'trustLow' | 'trustHigh' | 'minScale' | 'epsHighMin' | 'epsHighSpan' | 'clipScoreHigh' | 'clipScoreSpan'
>;

/** ADPO's constants when a setting is not given (docs/algorithms.md §5): the only place they are written. */
export const ADPO_DEFAULTS: Readonly<Required<AdpoOptions>> = {
  trustLow: 0.3,
  trustHigh: 0.8,
  minScale: 0.6,
  epsHighMin: 0.2,
  epsHighSpan: 0.1,
  clipScoreHigh: 0.8,
  clipScoreSpan: 0.5,
};

/** Every ADPO option, the given ones over ADPO_DEFAULTS (what the formulas on screen print). */
export function resolveAdpo(opts: AdpoOptions = {}): Required<AdpoOptions> {
  const out = { ...ADPO_DEFAULTS };
  for (const [k, v] of Object.entries(opts) as [keyof AdpoOptions, number | undefined][])
    if (v !== undefined) out[k] = v;
  return out;
}

/**
 * The ADPO options of a run, from its executor settings: the one place they are built, so the
 * engine's update, the chapter's curves and formulas, and the tests all use the run's own numbers.
 * Every option is a setting (the ε_high fade's clipScoreHigh and clipScoreSpan included), and the
 * result is complete, so a view can print every constant of the formula from it.
 */
export function adpoOptions(executor: AdpoSettings): Required<AdpoOptions> {
  return resolveAdpo({
    trustLow: executor.trustLow,
    trustHigh: executor.trustHigh,
    minScale: executor.minScale,
    epsHighMin: executor.epsHighMin,
    epsHighSpan: executor.epsHighSpan,
    clipScoreHigh: executor.clipScoreHigh,
    clipScoreSpan: executor.clipScoreSpan,
  });
}

function check(s: number): void {
  if (!Number.isFinite(s)) throw new Error(`ADPO: score s must be a finite number (got ${s}).`);
}

/** w(s) = clamp((s − 0.3) / (0.8 − 0.3), 0, 1). */
export function adpoTrustWeight(s: number, opts: AdpoOptions = {}): number {
  check(s);
  const { trustLow: lo, trustHigh: hi } = resolveAdpo(opts);
  if (!(hi > lo)) throw new Error(`ADPO: trustHigh (${hi}) must exceed trustLow (${lo}).`);
  return clamp((s - lo) / (hi - lo), 0, 1);
}

/** g(s) = m + (1 − m)·w(s), m = 0.6: the factor applied to a whole group's advantages. */
export function adpoAdvantageScale(s: number, opts: AdpoOptions = {}): number {
  const m = resolveAdpo(opts).minScale;
  return m + (1 - m) * adpoTrustWeight(s, opts);
}

/**
 * ε_high(s) = ε₀ + Δ·clamp((s_top − s) / span, 0, 1), defaults 0.2 + 0.1·clamp((0.8 − s) / 0.5, 0, 1):
 * a looser upward clip for ambiguous questions.
 */
export function adpoEpsilonHigh(s: number, opts: AdpoOptions = {}): number {
  check(s);
  const o = resolveAdpo(opts);
  return o.epsHighMin + o.epsHighSpan * clamp((o.clipScoreHigh - s) / o.clipScoreSpan, 0, 1);
}

export interface AdpoResult extends GrpoResult {
  /** g(s) of each rollout's question. */
  scales: number[];
  /** ε_high(s) of each rollout's question (its own clip band is [1 − ε_low, 1 + ε_high]). */
  epsHigh: number[];
  /** Group-normalised advantages before the g(s) rescaling. */
  baseAdvantages: number[];
}

/**
 * Â_i = g(s_i)·(r_i − mean) / (std + 1e-6): GRPO's group normalisation first, then the trust scale,
 * which rescales a whole group and never changes signs or ranks inside it.
 */
export function adpoAdvantages(
  rewards: readonly number[],
  groupIds: readonly (string | number)[],
  scores: readonly number[],
  opts: AdpoOptions & GrpoOptions = {},
): AdpoResult {
  if (scores.length !== rewards.length) {
    throw new Error(`adpoAdvantages: ${rewards.length} rewards but ${scores.length} scores.`);
  }
  const base = grpoAdvantages(rewards, groupIds, opts);
  const scales = scores.map((s) => adpoAdvantageScale(s, opts));
  const epsHigh = scores.map((s) => adpoEpsilonHigh(s, opts));
  return {
    ...base,
    baseAdvantages: base.advantages,
    advantages: base.advantages.map((a, i) => a * (scales[i] as number)),
    scales,
    epsHigh,
  };
}
