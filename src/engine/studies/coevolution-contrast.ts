/**
 * What the co-evolution figures draw, read off the shipped recordings: the level mix of each
 * iteration's question pool (the classroom recording's trace) and the mean pool difficulty of the
 * full run against the run whose questioner is frozen (`questioner.train=false`, the recorded
 * ablation), each with the uncertainty its sentence states.
 */
import { type SeedSpread, type Separation, seedSpread, separation, shareGap } from '../../core/stats';
import type { AblationRecording } from './ablation-file';
import type { AblationId } from './ablation-variants';
import { HARD_DIFFICULTY } from '../loop/metrics';
import { levelCounts } from './pools';

/** One pool: its questions the oracle places (levels 1–7) and the share of each level among them. */
export interface PoolMix {
  iteration: number;
  /** Questions at a level (the oracle answers them). */
  questions: number;
  /** shares[d − 1]: the share of level d, d = 1…7 (0 for an empty pool). */
  shares: number[];
}

/** Each pool's level mix: counts of levels 1–7 (levelCounts, pools.ts) over the pool's placed questions. */
export function poolMixes(pools: readonly (readonly string[])[]): PoolMix[] {
  return pools.map((pool, i) => {
    const levels = levelCounts(pool).slice(1);
    const questions = levels.reduce((a, b) => a + b, 0);
    return { iteration: i + 1, questions, shares: levels.map((c) => (questions > 0 ? c / questions : 0)) };
  });
}

/** Share of a pool's placed questions at level ≥ HARD_DIFFICULTY (the top three levels, metrics.ts). */
export const hardShare = (mix: PoolMix): number => mix.shares.slice(HARD_DIFFICULTY - 1).reduce((a, b) => a + b, 0);

/** The first pool's hard share against the last's, on their question counts (shareGap, core/stats.ts). */
export interface MixFinding {
  first: PoolMix;
  last: PoolMix;
  from: number;
  to: number;
  /** Change in points, b − a (× 100). */
  change: number;
  /** Standard error of the change in points, √(a(1−a)/n₁ + b(1−b)/n₂) × 100. */
  standardError: number;
  withinNoise: boolean;
}

/** The hard share of the first pool against the last (null with fewer than two non-empty pools). */
export function mixFinding(mixes: readonly PoolMix[]): MixFinding | null {
  const placed = mixes.filter((m) => m.questions > 0);
  const first = placed[0];
  const last = placed.at(-1);
  if (!first || !last || first === last) return null;
  const from = hardShare(first);
  const to = hardShare(last);
  const gap = shareGap(from, first.questions, to, last.questions);
  return {
    first,
    last,
    from,
    to,
    change: gap.change * 100,
    standardError: gap.standardError * 100,
    withinNoise: gap.withinNoise,
  };
}

/** The two runs the contrast draws: Agent0 as built, and the questioner frozen. */
export const CONTRAST: readonly AblationId[] = ['full', 'no-curriculum-training'];

/** One variant's mean pool difficulty per iteration: one value per seed at each iteration. */
export interface DifficultySeries {
  id: AblationId;
  /** perIteration[k]: the spread over seeds after iteration k + 1. */
  perIteration: SeedSpread[];
}

/** The mean pool difficulty of each contrasted variant, per iteration over the recording's seeds. */
export function difficultySeries(recording: AblationRecording): DifficultySeries[] {
  return CONTRAST.flatMap((id) => {
    const variant = recording.variants.find((v) => v.id === id);
    if (!variant || variant.runs.length === 0) return [];
    const perIteration = Array.from({ length: recording.iterations }, (_, k) =>
      seedSpread(variant.runs.map((r) => r.summaries[k]?.poolDifficulty ?? NaN)),
    );
    return [{ id, perIteration }];
  });
}

/** The full run against the frozen questioner after the first and the last iteration. */
export interface ContrastFinding {
  iterations: number;
  seeds: number;
  full: { first: SeedSpread; last: SeedSpread };
  frozen: { first: SeedSpread; last: SeedSpread };
  /** Where the frozen run's seeds lie against the full run's after the last iteration (ranges overlap: `within`). */
  last: Separation;
  /** Same after the first iteration. */
  first: Separation;
}

/** The contrast's facts, or null when the recording lacks either run. */
export function contrastFinding(series: readonly DifficultySeries[], seeds: number): ContrastFinding | null {
  const full = series.find((s) => s.id === 'full');
  const frozen = series.find((s) => s.id === 'no-curriculum-training');
  const ends = (s: DifficultySeries) => ({ first: s.perIteration[0], last: s.perIteration.at(-1) });
  if (!full || !frozen) return null;
  const f = ends(full);
  const z = ends(frozen);
  if (!f.first || !f.last || !z.first || !z.last) return null;
  return {
    iterations: full.perIteration.length,
    seeds,
    full: { first: f.first, last: f.last },
    frozen: { first: z.first, last: z.last },
    last: separation(z.last, f.last),
    first: separation(z.first, f.first),
  };
}

/** Whatever the recording's seeds reached, for the difficulty axis: [0, max] rounded up to a whole level. */
export function difficultyDomain(series: readonly DifficultySeries[]): [number, number] {
  const all = series.flatMap((s) => s.perIteration.flatMap((p) => p.perSeed)).filter(Number.isFinite);
  return [0, Math.max(1, Math.ceil(Math.max(0, ...all)))];
}
