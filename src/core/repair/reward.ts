/** Outcome rewards of the repair task (docs/algorithms.md §8.3). */

export type RewardMode = 'binary-compile' | 'binary-strict' | 'layered';
export const REWARD_MODES: readonly RewardMode[] = ['binary-compile', 'binary-strict', 'layered'];

/** The judge's tier: 0 = does not compile, 0.5 = compiles but behaves differently, 1 = compiles and matches. */
export function tier(compiles: boolean, matches: boolean): 0 | 0.5 | 1 {
  if (!compiles) return 0;
  return matches ? 1 : 0.5;
}

/**
 * R by mode: binary-compile 1[compiles]; binary-strict 1[compiles ∧ matches];
 * layered the tier (0 / 0.5 / 1).
 */
export function outcomeReward(mode: RewardMode, compiles: boolean, matches: boolean): number {
  switch (mode) {
    case 'binary-compile':
      return compiles ? 1 : 0;
    case 'binary-strict':
      return compiles && matches ? 1 : 0;
    case 'layered':
      return tier(compiles, matches);
  }
}
