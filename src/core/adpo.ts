/**
 * ADPO: Agent0's ambiguity-aware executor update (docs/algorithms.md §5). Every constant is the run's
 * setting (`executor.*`, whose defaults live in src/core/config.ts only).
 */
import type { Agent0Config } from './config';
import { clamp } from './loss';
import { grpoAdvantages, type GrpoResult } from './grpo';

/** The settings of a run's executor that ADPO reads. */
export type AdpoSettings = Pick<
  Agent0Config['executor'],
  'trustLow' | 'trustHigh' | 'minScale' | 'epsHighMin' | 'epsHighSpan' | 'clipScoreHigh' | 'clipScoreSpan'
>;

function check(s: number): void {
  if (!Number.isFinite(s)) throw new Error(`ADPO: score s must be a finite number (got ${s}).`);
}

/** w(s) = clamp((s − trustLow) / (trustHigh − trustLow), 0, 1). */
export function adpoTrustWeight(s: number, o: Pick<AdpoSettings, 'trustLow' | 'trustHigh'>): number {
  check(s);
  const { trustLow: lo, trustHigh: hi } = o;
  if (!(hi > lo)) throw new Error(`ADPO: trustHigh (${hi}) must exceed trustLow (${lo}).`);
  return clamp((s - lo) / (hi - lo), 0, 1);
}

/** g(s) = m + (1 − m)·w(s), m = minScale: the factor applied to a whole group's advantages. */
export function adpoAdvantageScale(s: number, o: Pick<AdpoSettings, 'trustLow' | 'trustHigh' | 'minScale'>): number {
  return o.minScale + (1 - o.minScale) * adpoTrustWeight(s, o);
}

/**
 * ε_high(s) = ε₀ + Δ·clamp((s_top − s) / span, 0, 1), with ε₀ = epsHighMin, Δ = epsHighSpan,
 * s_top = clipScoreHigh, span = clipScoreSpan: a looser upward clip for ambiguous questions.
 */
export function adpoEpsilonHigh(
  s: number,
  o: Pick<AdpoSettings, 'epsHighMin' | 'epsHighSpan' | 'clipScoreHigh' | 'clipScoreSpan'>,
): number {
  check(s);
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
  o: AdpoSettings,
): AdpoResult {
  if (scores.length !== rewards.length) {
    throw new Error(`adpoAdvantages: ${rewards.length} rewards but ${scores.length} scores.`);
  }
  const base = grpoAdvantages(rewards, groupIds);
  const scales = scores.map((s) => adpoAdvantageScale(s, o));
  const epsHigh = scores.map((s) => adpoEpsilonHigh(s, o));
  return {
    ...base,
    baseAdvantages: base.advantages,
    advantages: base.advantages.map((a, i) => a * (scales[i] as number)),
    scales,
    epsHigh,
  };
}
