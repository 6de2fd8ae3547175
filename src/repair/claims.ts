/**
 * The signal-reshaping paper's orderings checked on a recorded ablation, so the page does not let a
 * class read a conclusion the recording's own numbers do not support. Each claim compares the
 * final held-out strict accuracies of two sides, a (the side the paper puts higher) and b, seed by
 * seed:
 * - over two seeds or more, by the seeds' spread: it holds when every seed of a lies above every
 *   seed of b, is reversed when every seed of a lies below every seed of b, and otherwise these
 *   seeds cannot tell (core/stats separation);
 * - over one seed, by its standard error on the n evaluation episodes (core/stats accuracyGap): it
 *   holds when a − b ≥ 2 standard errors, is reversed when b − a ≥ 2 standard errors, and otherwise
 *   this one seed cannot tell.
 */
import { type AccuracyGap, accuracyGap, type SeedSpread, type Separation, seedSpread, separation } from '../core/stats';
import { DEFECT_KINDS, SEMANTIC_DEFECTS } from '../core/repair/tasks';
import type { RepairRunRecord } from './records';
import { finalStrict, type RepairSeedRecord } from './seeds';

export type RepairClaimId = 'layered-over-compile' | 'layered-over-strict' | 'weights-over-layered' | 'full-over-base';
export type ClaimOutcome = 'holds' | 'reversed' | 'cannot-tell';

export interface RepairClaim {
  id: RepairClaimId;
  /** Variant names (or `base`, the model before training) the paper orders higher, and lower. */
  higher: string;
  lower: string;
  /** Final strict accuracy of each side over the seeds, in the seeds' order. */
  higherSeeds: SeedSpread;
  lowerSeeds: SeedSpread;
  /** The means compared on n episodes (`intended` = higher, `changed` = lower, `cost` = their difference). */
  gap: AccuracyGap;
  /** How the outcome was decided: by the seeds' spread (two seeds or more) or by one seed's standard error. */
  rule: 'seeds' | 'standard-error';
  outcome: ClaimOutcome;
}

/** The paper's orderings (seed 003 and the spec): each higher side over its lower side. */
const CLAIMS: readonly { id: RepairClaimId; higher: string; lower: string }[] = [
  { id: 'layered-over-compile', higher: 'layered', lower: 'binary-compile' },
  { id: 'layered-over-strict', higher: 'layered', lower: 'binary-strict' },
  { id: 'weights-over-layered', higher: 'layered+mean-preserving', lower: 'layered' },
  { id: 'full-over-base', higher: 'full', lower: 'base' },
];

/** Every claim whose two sides every seed holds, checked on n evaluation episodes per seed. */
export function repairClaims(seeds: readonly RepairSeedRecord[], n: number): RepairClaim[] {
  if (seeds.length === 0) return [];
  return CLAIMS.flatMap((c): RepairClaim[] => {
    const a = seeds.map((s) => finalStrict(s, c.higher));
    const b = seeds.map((s) => finalStrict(s, c.lower));
    if (a.includes(null) || b.includes(null)) return [];
    const higherSeeds = seedSpread(a as number[]);
    const lowerSeeds = seedSpread(b as number[]);
    const gap = accuracyGap(higherSeeds.mean, lowerSeeds.mean, n);
    if (seeds.length === 1) {
      const outcome: ClaimOutcome = gap.withinNoise ? 'cannot-tell' : gap.cost > 0 ? 'holds' : 'reversed';
      return [{ ...c, higherSeeds, lowerSeeds, gap, rule: 'standard-error', outcome }];
    }
    const side = separation(higherSeeds, lowerSeeds);
    const outcome: ClaimOutcome = side === 'above' ? 'holds' : side === 'below' ? 'reversed' : 'cannot-tell';
    return [{ ...c, higherSeeds, lowerSeeds, gap, rule: 'seeds', outcome }];
  });
}

/** One recorded variant against `full`, the paper's best, on final strict accuracy seed by seed. */
export interface FullComparison {
  variant: string;
  /** Final strict accuracy over the seeds: the variant's and full's. */
  seeds: SeedSpread;
  full: SeedSpread;
  /** The variant's mean minus full's. */
  difference: number;
  rule: 'seeds' | 'standard-error';
  /**
   * `above` / `below`: every seed of the variant above (below) every seed of full (over one seed:
   * by at least two standard errors); `within`: no measurable change.
   */
  outcome: Separation;
}

/** Every recorded variant but full against full, in the recording's order (none without a `full`). */
export function comparisonsWithFull(seeds: readonly RepairSeedRecord[], n: number): FullComparison[] {
  const first = seeds[0];
  if (!first) return [];
  const fullFinals = seeds.map((s) => finalStrict(s, 'full'));
  if (fullFinals.includes(null)) return [];
  const full = seedSpread(fullFinals as number[]);
  return first.variants.flatMap((v): FullComparison[] => {
    if (v.name === 'full') return [];
    const finals = seeds.map((s) => finalStrict(s, v.name));
    if (finals.includes(null)) return [];
    const own = seedSpread(finals as number[]);
    const difference = own.mean - full.mean;
    if (seeds.length === 1) {
      const gap = accuracyGap(own.mean, full.mean, n);
      const outcome: Separation = gap.withinNoise ? 'within' : difference > 0 ? 'above' : 'below';
      return [{ variant: v.name, seeds: own, full, difference, rule: 'standard-error', outcome }];
    }
    return [{ variant: v.name, seeds: own, full, difference, rule: 'seeds', outcome: separation(own, full) }];
  });
}

/** What the recorded run says about the regime the paper's layered reward is meant for (full repairs rare at the start). */
export interface RepairRegime {
  /** The model before training, on the held-out episodes. */
  strict: number;
  compile: number;
  steps: number;
  /**
   * binary-strict's groups that gave no signal in its first iteration (every rollout scored the
   * same), of the groups of an iteration; null when the run has no binary-strict variant.
   */
  strictNoSignal: { groups: number; of: number } | null;
  /** Share of the defect kinds whose snippet compiles as given (semantic defects). */
  compilingShare: { kinds: number; of: number };
}

/** The regime of a recorded run: its model before training, and binary-strict's first iteration. */
export function repairRegime(runs: readonly RepairRunRecord[], tasksPerIteration: number): RepairRegime | null {
  const base = runs[0]?.baseline;
  if (!base) return null;
  const first = runs.find((r) => r.variant.name === 'binary-strict')?.iterations[0];
  return {
    strict: base.strictAccuracy,
    compile: base.compileRate,
    steps: base.meanSteps,
    strictNoSignal: first ? { groups: first.train.noSignalGroups, of: tasksPerIteration } : null,
    compilingShare: { kinds: SEMANTIC_DEFECTS.length, of: DEFECT_KINDS.length },
  };
}
