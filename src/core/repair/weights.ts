/**
 * Step-level process scores as token-loss weights (docs/algorithms.md §8.5). The scores never touch
 * R, the group mean/std or A: a step's weight w_k multiplies the policy loss of every token the
 * agent generated in that step, and the loss is still divided by the unweighted token count.
 */

export type WeightMode = 'none' | 'raw' | 'mean-preserving' | 'sign-aware';
export const WEIGHT_MODES: readonly WeightMode[] = ['none', 'raw', 'mean-preserving', 'sign-aware'];

/**
 * Per-step weights of one trajectory with scores s_k, token counts n_k and advantage A:
 *   none             w_k = 1
 *   raw              w_k = s_k
 *   mean-preserving  s'_k = max(s_k, floor), w_k = s'_k / (Σ_j n_j s'_j / Σ_j n_j)
 *                    (the token-weighted mean of w is exactly 1; all-zero scores with floor 0 give 1)
 *   sign-aware       w_k = s_k when A > 0, 1 − s_k when A < 0, 1 when A = 0
 * A trajectory without scores (it did not compile) gets w_k = 1 everywhere.
 */
export function stepWeights(
  mode: WeightMode,
  scores: readonly number[] | null,
  tokenCounts: readonly number[],
  advantage: number,
  floor = 0.1,
): number[] {
  if (scores && scores.length !== tokenCounts.length)
    throw new Error(`stepWeights: ${scores.length} scores for ${tokenCounts.length} steps.`);
  if (mode === 'none' || scores === null) return tokenCounts.map(() => 1);
  for (const s of scores)
    if (!(s >= 0 && s <= 1)) throw new Error(`stepWeights: a process score must lie in [0, 1] (got ${s}).`);
  switch (mode) {
    case 'raw':
      return [...scores];
    case 'sign-aware':
      return scores.map((s) => (advantage > 0 ? s : advantage < 0 ? 1 - s : 1));
    case 'mean-preserving': {
      const floored = scores.map((s) => Math.max(s, floor));
      const tokens = tokenCounts.reduce((a, b) => a + b, 0);
      if (tokens === 0) return floored.map(() => 1);
      const mean = floored.reduce((a, s, k) => a + s * (tokenCounts[k] as number), 0) / tokens;
      return mean > 0 ? floored.map((s) => s / mean) : floored.map(() => 1);
    }
  }
}
