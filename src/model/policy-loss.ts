/**
 * The clipped policy loss and the k3 KL penalty in tensors: the tensor twin of src/core/loss.ts
 * (`clippedTokenLoss`, `aggregateLoss` through `aggregationWeights`, `klK3`), which the tests hold
 * it equal to. All per-token inputs are [B, T]; call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import {
  type PolicyTokenInputs,
  fusedTrainingAvailable,
  policyGrad,
  policyPack,
  policyTokens,
} from './kernels/fused-train-ops';

/** Clip-branch codes in the per-token statistics. */
export const BRANCH_CODES = { none: 0, 'low-clip': 1, 'high-clip': 2, 'dual-clip': 3 } as const;

/** The per-token inputs (`PolicyTokenInputs`), the dual clip (null for none) and the KL coefficient. */
export interface PolicyLossInputs extends PolicyTokenInputs {
  dualClip: number | null;
  klCoef: number;
}

export interface PolicyLossTensors {
  /** pgLoss + klCoef · kl. */
  loss: tf.Scalar;
  pgLoss: tf.Scalar;
  kl: tf.Scalar;
  ratio: tf.Tensor2D;
  branch: tf.Tensor2D;
}

/** Σ w·l: the aggregated loss (see `PolicyTokenInputs.weights`). */
export function weightedSum(l: tf.Tensor, w: tf.Tensor): tf.Scalar {
  return tf.sum(tf.mul(l, w)) as tf.Scalar;
}

/** 1 where a ≥ b (as a float), tfjs's tie rule for `maximum`'s first input. */
function atLeast(a: tf.Tensor, b: tf.Tensor | number): tf.Tensor {
  return tf.cast(tf.greaterEqual(a, b), 'float32');
}

/** 1 where lo ≤ x ≤ hi, the region where `clipByValue` passes its gradient. */
function inside(x: tf.Tensor, lo: number, hi: number): tf.Tensor {
  return tf.cast(tf.logicalAnd(tf.greaterEqual(x, lo), tf.lessEqual(x, hi)), 'float32');
}

interface LossParts extends PolicyLossTensors {
  /** ∂pgLoss/∂logπθ and ∂kl/∂logπθ per token. */
  pgGrad: tf.Tensor2D;
  klGrad: tf.Tensor2D;
}

/**
 * The loss and its derivatives by log π_θ, without a tape. With d = logπθ − logπold,
 * ρ = exp(clamp(d, ±20)), u = −A·ρ, c = −A·clip(ρ, 1 − ε_low, 1 + ε_high), L = max(u, c) and, with
 * dual clip for A < 0, min(L, −A·c_dual):
 *   ∂L/∂logπθ = −A·ρ·[|d| ≤ 20]·([u ≥ c] + [u < c]·[1 − ε_low ≤ ρ]·[max(ρ, 1 − ε_low) ≤ 1 + ε_high])
 *               · [A ≥ 0 or no dual clip or L ≤ −A·c_dual];
 * with x = clamp(logπref − logπθ, ±20), k3 = clamp(eˣ − x − 1, ±10):
 *   ∂k3/∂logπθ = −(eˣ − 1)·[|logπref − logπθ| ≤ 20]·[|eˣ − x − 1| ≤ 10];
 * each times the aggregation weight w. Ties follow tfjs's own gradients of maximum, minimum and clip.
 */
function lossParts(x: PolicyLossInputs): LossParts {
  const a = x.advantages;
  const negA = tf.neg(a);
  const d = tf.sub(x.logp, x.oldLogp);
  const ratio = tf.exp(tf.clipByValue(d, -20, 20)) as tf.Tensor2D;
  const lo = tf.sub(1, x.epsLow);
  const hi = tf.add(1, x.epsHigh);
  const floored = tf.maximum(ratio, lo);
  const clippedRatio = tf.minimum(floored, hi);
  const unclipped = tf.mul(negA, ratio);
  const clipped = tf.mul(negA, clippedRatio);
  const takeUnclipped = atLeast(unclipped, clipped);
  let perToken = tf.maximum(unclipped, clipped);
  const clipSlope = tf.mul(atLeast(ratio, lo), tf.cast(tf.lessEqual(floored, hi), 'float32'));
  let slope = tf.mul(
    tf.mul(unclipped, inside(d, -20, 20)),
    tf.add(takeUnclipped, tf.mul(tf.sub(1, takeUnclipped), clipSlope)),
  );
  const clipCode = tf.where(
    tf.less(ratio, 1),
    tf.fill(ratio.shape, BRANCH_CODES['low-clip']),
    tf.fill(ratio.shape, BRANCH_CODES['high-clip']),
  );
  let branch = tf.where(tf.greater(clipped, unclipped), clipCode, tf.zerosLike(ratio));
  if (x.dualClip != null) {
    const cap = tf.mul(negA, x.dualClip);
    const negative = tf.less(a, 0);
    branch = tf.where(
      tf.logicalAnd(negative, tf.less(cap, perToken)),
      tf.fill(ratio.shape, BRANCH_CODES['dual-clip']),
      branch,
    );
    slope = tf.where(negative, tf.mul(slope, tf.cast(tf.lessEqual(perToken, cap), 'float32')), slope);
    perToken = tf.where(negative, tf.minimum(perToken, cap), perToken);
  }
  const refGap = tf.sub(x.refLogp, x.logp);
  const logRatioRef = tf.clipByValue(refGap, -20, 20);
  const expRef = tf.exp(logRatioRef);
  const k3 = tf.sub(tf.sub(expRef, logRatioRef), 1);
  const klToken = tf.clipByValue(k3, -10, 10) as tf.Tensor2D;
  const klSlope = tf.mul(tf.mul(tf.sub(1, expRef), inside(refGap, -20, 20)), inside(k3, -10, 10));
  const w = x.weights;
  const pgLoss = weightedSum(perToken, w);
  const kl = weightedSum(klToken, w);
  return {
    loss: tf.add(pgLoss, tf.mul(kl, x.klCoef)),
    pgLoss,
    kl,
    ratio,
    branch: branch as tf.Tensor2D,
    pgGrad: tf.mul(slope, w) as tf.Tensor2D,
    klGrad: tf.mul(klSlope, w) as tf.Tensor2D,
  };
}

type Packed = (logp: tf.Tensor) => tf.Tensor;

/** The packed loss [loss, pgLoss, kl, ρ…, branch…] of tfjs's kernels, with `lossParts`' gradient. */
function composedPacked(x: PolicyLossInputs): Packed {
  const n = x.logp.size;
  return tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const save = args[1] as tf.GradSaveFunc;
    const p = lossParts({ ...x, logp: args[0] as tf.Tensor2D });
    save([p.pgGrad, p.klGrad]);
    return {
      value: tf.concat([tf.stack([p.loss, p.pgLoss, p.kl]), tf.reshape(p.ratio, [n]), tf.reshape(p.branch, [n])]),
      // packed = [loss, pgLoss, kl, …]: ∂/∂logp = dy₀·(g_pg + klCoef·g_kl) + dy₁·g_pg + dy₂·g_kl.
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [pgGrad, klGrad] = saved as [tf.Tensor, tf.Tensor];
        const [dLoss, dPg, dKl] = tf.split(tf.slice(dy, [0], [3]), 3) as [tf.Tensor, tf.Tensor, tf.Tensor];
        return [tf.add(tf.mul(tf.add(dLoss, dPg), pgGrad), tf.mul(tf.add(tf.mul(dLoss, x.klCoef), dKl), klGrad))];
      },
    };
  }) as Packed;
}

/**
 * The same packed loss by WebGPU's fused kernels (kernels/webgpu-train.ts): every token's parts in
 * one dispatch, the sums and the packing in one, the gradient in one.
 */
function fusedPacked(x: PolicyLossInputs): Packed {
  const shape = x.logp.shape;
  return tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const save = args[1] as tf.GradSaveFunc;
    const tokens = policyTokens({ ...x, logp: args[0] as tf.Tensor2D }, x.dualClip);
    save([tokens]);
    return {
      value: policyPack(tokens, x.klCoef),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => [
        policyGrad(dy as tf.Tensor1D, saved[0] as tf.Tensor2D, x.klCoef, shape),
      ],
    };
  }) as Packed;
}

/**
 * Per token: ρ = exp(clamp(logπθ − logπold, −20, 20)),
 * L = max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)), and with dual clip c for A < 0: min(L, −A·c);
 * kl = clamp(eˣ − x − 1, −10, 10) with x = clamp(logπref − logπθ, −20, 20).
 * Loss = Σ w·L + klCoef · Σ w·kl, w the aggregation weights.
 * Differentiable in `logp` through one custom gradient (see `lossParts`), so that the tape holds
 * one node instead of the ~70 of the loss's elementwise ops; `ratio` and `branch` are statistics
 * and pass no gradient. `fused`: WebGPU's fused kernels compute the same (`fusedPacked`).
 */
export function policyLoss(x: PolicyLossInputs, fused = fusedTrainingAvailable()): PolicyLossTensors {
  const [b, t] = x.logp.shape;
  const n = b * t;
  const packed = packedPolicyLoss(x, fused);
  const scalar = (k: number): tf.Scalar => tf.reshape(tf.slice(packed, [k], [1]), []) as tf.Scalar;
  return {
    loss: packedLoss(packed),
    pgLoss: scalar(1),
    kl: scalar(2),
    ratio: tf.reshape(tf.slice(packed, [3], [n]), [b, t]),
    branch: tf.reshape(tf.slice(packed, [3 + n], [n]), [b, t]),
  };
}

/**
 * `policyLoss` as one vector [loss, pgLoss, kl, ρ…, branch…] (3 + 2·B·T numbers), differentiable
 * in `logp` through its first three: a caller that reads the statistics back in one piece need not
 * cut them out (one dispatch each on WebGPU).
 */
export function packedPolicyLoss(x: PolicyLossInputs, fused = fusedTrainingAvailable()): tf.Tensor1D {
  return (fused ? fusedPacked(x) : composedPacked(x))(x.logp) as tf.Tensor1D;
}

/** The loss, entry 0 of `packedPolicyLoss`, as the scalar to differentiate. */
export function packedLoss(packed: tf.Tensor1D): tf.Scalar {
  return tf.reshape(tf.slice(packed, [0], [1]), []) as tf.Scalar;
}
