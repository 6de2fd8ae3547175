/**
 * Issue #59's ladder: the base solver's held-out accuracy (the evaluation phase's, greedy with the
 * tool, docs/algorithms.md §1.6) falls level by level, from at least LADDER.bottomAtLeast at the
 * lowest level to at most LADDER.topAtMost at the highest, no level more than LADDER.maxRise above
 * the one below it. `npm run eval:base` prints the check for a checkpoint.
 */
export const LADDER = { bottomAtLeast: 0.9, topAtMost: 0.25, maxRise: 0.1 } as const;

/** Shares compare within this (e.g. 0.7 − 0.6 computed as 0.09999999999999998). */
const TOLERANCE = 1e-9;

export interface LadderCheck {
  /** Accuracy at the lowest and the highest level. */
  bottom: number;
  top: number;
  /** rise_d = a_{d+1} − a_d for each pair of neighbouring levels, lowest pair first. */
  rises: number[];
  /** The levels (1-based position of the higher level) that rise more than LADDER.maxRise above the one below. */
  tooHigh: number[];
  /** bottom ≥ bottomAtLeast ∧ top ≤ topAtMost ∧ every rise ≤ maxRise. */
  holds: boolean;
}

/** The ladder check of accuracies given lowest level first (at least two levels). */
export function ladderCheck(accuracy: readonly number[]): LadderCheck {
  if (accuracy.length < 2) throw new Error(`ladderCheck: needs two levels or more (got ${accuracy.length}).`);
  const rises = accuracy.slice(1).map((a, i) => a - (accuracy[i] as number));
  const tooHigh = rises.flatMap((r, i) => (r > LADDER.maxRise + TOLERANCE ? [i + 2] : []));
  const bottom = accuracy[0] as number;
  const top = accuracy.at(-1) as number;
  return {
    bottom,
    top,
    rises,
    tooHigh,
    holds: bottom >= LADDER.bottomAtLeast - TOLERANCE && top <= LADDER.topAtMost + TOLERANCE && tooHigh.length === 0,
  };
}
