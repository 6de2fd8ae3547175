/**
 * The signal-reshaping paper's orderings checked on a recorded ablation, so the page does not let a
 * class read a conclusion the recording's own numbers do not support. Each claim compares two
 * final held-out strict accuracies a (the side the paper puts higher) and b on the same n
 * evaluation episodes (core/stats accuracyGap): it holds when a − b ≥ 2 standard errors, is
 * reversed when b − a ≥ 2 standard errors, and otherwise this one recording cannot tell.
 */
import { type AccuracyGap, accuracyGap } from '../core/stats';
import type { RepairRunRecord } from './records';

export type RepairClaimId = 'layered-over-compile' | 'layered-over-strict' | 'weights-over-layered' | 'full-over-base';
export type ClaimOutcome = 'holds' | 'reversed' | 'cannot-tell';

export interface RepairClaim {
  id: RepairClaimId;
  /** Variant names (or `base`, the model before training) the paper orders higher, and lower. */
  higher: string;
  lower: string;
  /** `intended` = the higher side's accuracy, `changed` = the lower's, `cost` = their difference. */
  gap: AccuracyGap;
  outcome: ClaimOutcome;
}

/** The paper's orderings (seed 003 and the spec): each higher side over its lower side. */
const CLAIMS: readonly { id: RepairClaimId; higher: string; lower: string }[] = [
  { id: 'layered-over-compile', higher: 'layered', lower: 'binary-compile' },
  { id: 'layered-over-strict', higher: 'layered', lower: 'binary-strict' },
  { id: 'weights-over-layered', higher: 'layered+mean-preserving', lower: 'layered' },
  { id: 'full-over-base', higher: 'full', lower: 'base' },
];

/** Final held-out strict accuracy of a variant, or of the model before training (`base`). */
function finalStrict(runs: readonly RepairRunRecord[], name: string): number | null {
  if (name === 'base') return runs[0]?.baseline.strictAccuracy ?? null;
  const run = runs.find((r) => r.variant.name === name);
  return run ? (run.iterations.at(-1)?.eval.strictAccuracy ?? run.baseline.strictAccuracy) : null;
}

/** Every claim whose two sides the recording holds, checked on n evaluation episodes. */
export function repairClaims(runs: readonly RepairRunRecord[], n: number): RepairClaim[] {
  return CLAIMS.flatMap((c) => {
    const a = finalStrict(runs, c.higher);
    const b = finalStrict(runs, c.lower);
    if (a === null || b === null) return [];
    const gap = accuracyGap(a, b, n);
    const outcome: ClaimOutcome = gap.withinNoise ? 'cannot-tell' : gap.cost > 0 ? 'holds' : 'reversed';
    return [{ ...c, gap, outcome }];
  });
}
