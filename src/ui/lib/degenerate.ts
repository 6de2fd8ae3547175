/**
 * The group shapes that make GRPO's advantage (docs/algorithms.md §4.1) a poor teacher:
 * - all rewards equal: std = 0, every A = 0, no signal;
 * - one reward apart from G − 1 equal others: that rollout gets |A| = (G − 1)/√G (unbiased std),
 *   whatever the two values are, so the update leans on one sample;
 * - a group of one: nothing to compare with (Agent0's curriculum trainer asserts rollout.n > 1).
 */
export interface GroupRewards {
  rewards: readonly number[];
}

export function degenerateCounts(groups: readonly GroupRewards[]): { equal: number; outlier: number } {
  let equal = 0;
  let outlier = 0;
  for (const g of groups) {
    const counts = new Map<number, number>();
    for (const r of g.rewards) counts.set(r, (counts.get(r) ?? 0) + 1);
    if (counts.size === 1) equal += 1;
    else if (counts.size === 2 && g.rewards.length >= 3 && [...counts.values()].includes(1)) outlier += 1;
  }
  return { equal, outlier };
}

/** |A| of the lone outlier in a group of G: (G − 1)/√G. */
export function outlierAdvantage(groupSize: number): number {
  return (groupSize - 1) / Math.sqrt(groupSize);
}
