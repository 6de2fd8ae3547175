/**
 * Token-level policy-gradient loss pieces shared by GRPO and ADPO (docs/algorithms.md §4, §5), as
 * scalar reference functions. The tensor implementation in `src/model` must agree with these.
 */

export type ClipBranch = 'none' | 'low-clip' | 'high-clip' | 'dual-clip';

export interface ClipSettings {
  /** Lower clip: ρ is clipped below at 1 − epsLow. */
  epsLow: number;
  /** Upper clip: ρ is clipped above at 1 + epsHigh. */
  epsHigh: number;
  /** Dual-clip constant c (> 1) for negative advantages; null/undefined = no dual clip. */
  dualClip?: number | null;
}

export interface TokenLoss {
  loss: number;
  branch: ClipBranch;
}

/** clip(x, lo, hi). */
export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/**
 * Clipped surrogate loss for one token (minimised):
 *   L = max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)),
 * and with dual clip c, for A < 0: L = min(L, −A·c).
 * The branch names the term that set the value: `low-clip` / `high-clip` when the clipped term
 * won (ρ below 1 − ε_low with A < 0, above 1 + ε_high with A > 0), `dual-clip` when the −A·c cap
 * won, else `none` (the gradient flows through ρ unchanged).
 */
export function clippedTokenLoss(ratio: number, advantage: number, opts: ClipSettings): TokenLoss {
  const { epsLow, epsHigh } = opts;
  const unclipped = -advantage * ratio;
  const clippedRatio = clamp(ratio, 1 - epsLow, 1 + epsHigh);
  const clipped = -advantage * clippedRatio;
  let loss = Math.max(unclipped, clipped);
  let branch: ClipBranch = 'none';
  if (clipped > unclipped) branch = ratio < 1 ? 'low-clip' : 'high-clip';
  const c = opts.dualClip;
  if (c != null && advantage < 0) {
    const cap = -advantage * c;
    if (cap < loss) {
      loss = cap;
      branch = 'dual-clip';
    }
  }
  return { loss, branch };
}

export type LossAggregation = 'token-mean' | 'seq-mean-token-mean' | 'seq-mean-token-sum-norm';

export const LOSS_AGGREGATIONS: readonly LossAggregation[] = [
  'token-mean',
  'seq-mean-token-mean',
  'seq-mean-token-sum-norm',
];

/**
 * Reduce per-token losses l[b][t] under a 0/1 (or weight) mask m[b][t] to one number:
 * - `token-mean`:               Σ_b Σ_t l·m / Σ_b Σ_t m   (every token of the batch counts once)
 * - `seq-mean-token-mean`:      mean over sequences with Σ_t m > 0 of (Σ_t l·m / Σ_t m)
 * - `seq-mean-token-sum-norm`:  mean over sequences of (Σ_t l·m / H), H = horizon, the padded
 *                               length T by default (Dr. GRPO: a constant, not the sequence length)
 * An all-masked batch gives 0.
 */
export function aggregateLoss(
  losses: readonly (readonly number[])[],
  mask: readonly (readonly number[])[],
  mode: LossAggregation,
  horizon?: number,
): number {
  if (losses.length !== mask.length) {
    throw new Error(`aggregateLoss: ${losses.length} loss rows but ${mask.length} mask rows.`);
  }
  let total = 0;
  let totalMask = 0;
  let seqSum = 0;
  let seqCount = 0;
  let width = 0;
  for (let b = 0; b < losses.length; b++) {
    const l = losses[b] as readonly number[];
    const m = mask[b] as readonly number[];
    if (l.length !== m.length) {
      throw new Error(`aggregateLoss: row ${b} has ${l.length} losses but ${m.length} mask entries.`);
    }
    width = Math.max(width, l.length);
    let rowSum = 0;
    let rowMask = 0;
    for (let t = 0; t < l.length; t++) {
      const mt = m[t] as number;
      if (mt === 0) continue;
      rowSum += (l[t] as number) * mt;
      rowMask += mt;
    }
    total += rowSum;
    totalMask += rowMask;
    if (mode === 'seq-mean-token-mean' && rowMask > 0) {
      seqSum += rowSum / rowMask;
      seqCount += 1;
    }
  }
  switch (mode) {
    case 'token-mean':
      return totalMask > 0 ? total / totalMask : 0;
    case 'seq-mean-token-mean':
      return seqCount > 0 ? seqSum / seqCount : 0;
    case 'seq-mean-token-sum-norm': {
      const h = horizon ?? width;
      if (losses.length === 0 || h <= 0) return 0;
      return total / h / losses.length;
    }
  }
}

/**
 * The weights w[b][t] that make `aggregateLoss` a plain weighted sum, aggregateLoss(l, m) = Σ_b Σ_t w·l:
 * - `token-mean`:               w = m / Σ_b Σ_t m
 * - `seq-mean-token-mean`:      w = m / (Σ_t m · S), S = sequences with Σ_t m > 0 (0 on empty rows)
 * - `seq-mean-token-sum-norm`:  w = m / (H · B)
 * The denominators belong to the whole batch, so a batch cut into parts keeps its loss and
 * gradient as the sum of the parts' Σ w·l. An all-masked batch gives all zeros.
 */
export function aggregationWeights(
  mask: readonly (readonly number[])[],
  mode: LossAggregation,
  horizon?: number,
): number[][] {
  const rowSums = mask.map((row) => row.reduce((a, x) => a + x, 0));
  const total = rowSums.reduce((a, x) => a + x, 0);
  const sequences = rowSums.filter((x) => x > 0).length;
  const width = Math.max(0, ...mask.map((row) => row.length));
  const h = horizon ?? width;
  return mask.map((row, b) => {
    const rowSum = rowSums[b] as number;
    const scale =
      mode === 'token-mean'
        ? total > 0
          ? 1 / total
          : 0
        : mode === 'seq-mean-token-mean'
          ? rowSum > 0
            ? 1 / (rowSum * sequences)
            : 0
          : h > 0
            ? 1 / (h * mask.length)
            : 0;
    return row.map((m) => m * scale);
  });
}

/**
 * k3 estimator of KL(π_θ ‖ π_ref) for one token, with Agent0's clamps:
 *   x = clamp(log π_ref − log π_θ, −20, 20),  kl = clamp(eˣ − x − 1, −10, 10).
 */
export function klK3(logp: number, logpRef: number): number {
  const x = clamp(logpRef - logp, -20, 20);
  return clamp(Math.exp(x) - x - 1, -10, 10);
}
