/**
 * The clipped policy loss and the k3 KL penalty in tensors: the tensor twin of src/core/loss.ts
 * (`clippedTokenLoss`, `aggregateLoss`, `klK3`), which the tests hold it equal to.
 * All per-token inputs are [B, T]; call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import type { LossAggregation } from '../core/loss';

/** Clip-branch codes in the per-token statistics. */
export const BRANCH_CODES = { none: 0, 'low-clip': 1, 'high-clip': 2, 'dual-clip': 3 } as const;

export interface PolicyLossInputs {
  logp: tf.Tensor2D;
  oldLogp: tf.Tensor2D;
  refLogp: tf.Tensor2D;
  advantages: tf.Tensor2D;
  /** Loss mask × per-token weight. */
  mask: tf.Tensor2D;
  /** [B, 1] per-sequence clip widths. */
  epsLow: tf.Tensor2D;
  epsHigh: tf.Tensor2D;
  dualClip: number | null;
  klCoef: number;
  aggregation: LossAggregation;
  /** Horizon H of `seq-mean-token-sum-norm`. */
  horizon: number;
}

export interface PolicyLossTensors {
  /** pgLoss + klCoef · kl. */
  loss: tf.Scalar;
  pgLoss: tf.Scalar;
  kl: tf.Scalar;
  ratio: tf.Tensor2D;
  branch: tf.Tensor2D;
}

/** x where x > 0, else 1: a denominator that never divides by zero. */
function safeDenominator(x: tf.Tensor): tf.Tensor {
  return tf.where(tf.greater(x, 0), x, tf.onesLike(x));
}

/**
 * Same reduction as core `aggregateLoss`:
 * token-mean Σ l·m / Σ m; seq-mean-token-mean mean over rows with Σ_t m > 0 of Σ_t l·m / Σ_t m;
 * seq-mean-token-sum-norm Σ l·m / H / B. Empty masks give 0.
 */
export function aggregate(l: tf.Tensor2D, m: tf.Tensor2D, mode: LossAggregation, horizon: number): tf.Scalar {
  const lm = tf.mul(l, m);
  switch (mode) {
    case 'token-mean': {
      const total = tf.sum(m);
      return tf.div(tf.sum(lm), safeDenominator(total)) as tf.Scalar;
    }
    case 'seq-mean-token-mean': {
      const rowMask = tf.sum(m, 1);
      const valid = tf.cast(tf.greater(rowMask, 0), 'float32');
      const rowMean = tf.div(tf.sum(lm, 1), safeDenominator(rowMask));
      return tf.div(tf.sum(tf.mul(rowMean, valid)), safeDenominator(tf.sum(valid))) as tf.Scalar;
    }
    case 'seq-mean-token-sum-norm':
      return tf.div(tf.sum(lm), Math.max(horizon, 1) * Math.max(l.shape[0], 1)) as tf.Scalar;
  }
}

/**
 * Per token: ρ = exp(clamp(logπθ − logπold, −20, 20)),
 * L = max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)), and with dual clip c for A < 0: min(L, −A·c);
 * kl = clamp(eˣ − x − 1, −10, 10) with x = clamp(logπref − logπθ, −20, 20).
 * Loss = agg(L) + klCoef · agg(kl), both with the same aggregation and mask.
 */
export function policyLoss(x: PolicyLossInputs): PolicyLossTensors {
  const a = x.advantages;
  const ratio = tf.exp(tf.clipByValue(tf.sub(x.logp, x.oldLogp), -20, 20)) as tf.Tensor2D;
  const unclipped = tf.mul(tf.neg(a), ratio);
  const clippedRatio = tf.minimum(tf.maximum(ratio, tf.sub(1, x.epsLow)), tf.add(1, x.epsHigh));
  const clipped = tf.mul(tf.neg(a), clippedRatio);
  let perToken = tf.maximum(unclipped, clipped);
  const clipCode = tf.where(
    tf.less(ratio, 1),
    tf.fill(ratio.shape, BRANCH_CODES['low-clip']),
    tf.fill(ratio.shape, BRANCH_CODES['high-clip']),
  );
  let branch = tf.where(tf.greater(clipped, unclipped), clipCode, tf.zerosLike(ratio));
  if (x.dualClip != null) {
    const cap = tf.mul(tf.neg(a), x.dualClip);
    const negative = tf.less(a, 0);
    // The branch test stays off the loss's gradient path (tfjs has no gradient for LogicalAnd).
    branch = tf.where(
      tf.logicalAnd(negative, tf.less(cap, perToken)),
      tf.fill(ratio.shape, BRANCH_CODES['dual-clip']),
      branch,
    );
    perToken = tf.where(negative, tf.minimum(perToken, cap), perToken);
  }
  const logRatioRef = tf.clipByValue(tf.sub(x.refLogp, x.logp), -20, 20);
  const klToken = tf.clipByValue(tf.sub(tf.sub(tf.exp(logRatioRef), logRatioRef), 1), -10, 10) as tf.Tensor2D;
  const pgLoss = aggregate(perToken as tf.Tensor2D, x.mask, x.aggregation, x.horizon);
  const kl = aggregate(klToken, x.mask, x.aggregation, x.horizon);
  return { loss: tf.add(pgLoss, tf.mul(kl, x.klCoef)), pgLoss, kl, ratio, branch: branch as tf.Tensor2D };
}
