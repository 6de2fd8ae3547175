/**
 * The group shapes that make GRPO's advantage (docs/algorithms.md §4.1) a poor teacher:
 * - all rewards equal: std = 0, every A = 0, no signal;
 * - one reward apart from G − 1 equal others: that rollout gets |A| = (G − 1)/√G (unbiased std),
 *   whatever the two values are, so the update leans on one sample;
 * - a group of one: nothing to compare with (Agent0's curriculum trainer asserts rollout.n > 1);
 * and, for contrast, the shape that teaches plainly:
 * - two values, half the group each: every |A| = √((G − 1)/G) (unbiased std), close to 1.
 */
export interface GroupRewards {
  rewards: readonly number[];
}

export function degenerateCounts(groups: readonly GroupRewards[]): { equal: number; outlier: number; split: number } {
  let equal = 0;
  let outlier = 0;
  let split = 0;
  for (const g of groups) {
    const counts = new Map<number, number>();
    for (const r of g.rewards) counts.set(r, (counts.get(r) ?? 0) + 1);
    if (counts.size === 1) equal += 1;
    else if (counts.size === 2 && g.rewards.length >= 3 && [...counts.values()].includes(1)) outlier += 1;
    else if (counts.size === 2 && [...counts.values()].every((c) => 2 * c === g.rewards.length)) split += 1;
  }
  return { equal, outlier, split };
}

/** |A| of the lone outlier in a group of G: (G − 1)/√G. */
export function outlierAdvantage(groupSize: number): number {
  return (groupSize - 1) / Math.sqrt(groupSize);
}

/** |A| of every rollout in a group of G split half and half between two rewards: √((G − 1)/G). */
export function splitAdvantage(groupSize: number): number {
  return Math.sqrt((groupSize - 1) / groupSize);
}
