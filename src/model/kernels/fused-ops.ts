/**
 * The blocks of the forward pass (fast-ops.ts `Ops`) on WebGPU with the fused training kernels
 * (kernels/webgpu-train.ts): layer norm and gelu are one dispatch each forward, and their gradients
 * one (gelu) or three (layer norm: ∂x, ∂g, ∂b); products pass transpose flags, which the WebGPU
 * backend's matMul reads in the same dispatch, instead of the explicit transposes that keep
 * tfjs-backend-wasm on XNNPACK; causal attention reads the one product h·W_qkv and is one dispatch
 * forward and two backward (`causalAttention`); the input rows E[ids] + P[t] and each residual
 * branch's product added to the stream are one dispatch each, with generation's kernels
 * (webgpu-decode.ts A0Embed, A0AffineResidual). The same formulas as fast-ops.ts and forward.ts;
 * the plain set computes the taped set's values exactly, so a policy's ratio to its own log-probs stays exactly 1 (§4.5).
 * Call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import { type Ops, PLAIN_OPS, TAPED_OPS, withGrad } from './fast-ops';
import { affineResidual, embed as embedKernel, fusedDecodeAvailable } from './fused-decode-ops';
import {
  type AttentionSizes,
  attentionGrad,
  attentionKernel,
  columnSums,
  embedGrad,
  fusedTrainingAvailable,
  geluGrad,
  geluKernel,
  layerNormGradX,
  layerNormKernel,
} from './fused-train-ops';

/** y = a·b; ∂a = dy·bᵀ and ∂b = aᵀ·dy, each one product with a transpose flag. */
const linear = withGrad((save, a: tf.Tensor2D, b: tf.Tensor2D) => {
  save([a, b]);
  return {
    value: tf.matMul(a, b),
    gradFunc: (dy, [sa, sb]) => [
      tf.matMul(dy as tf.Tensor2D, sb as tf.Tensor2D, false, true),
      tf.matMul(sa as tf.Tensor2D, dy as tf.Tensor2D, true, false),
    ],
  };
}) as Ops['linear'];

/** y = a·bᵀ; ∂a = dy·b, ∂b = dyᵀ·a, each one product with a transpose flag. */
const linearT = withGrad((save, a: tf.Tensor2D, b: tf.Tensor2D) => {
  save([a, b]);
  return {
    value: tf.matMul(a, b, false, true),
    gradFunc: (dy, [sa, sb]) => [
      tf.matMul(dy as tf.Tensor2D, sb as tf.Tensor2D),
      tf.matMul(dy as tf.Tensor2D, sa as tf.Tensor2D, true, false),
    ],
  };
}) as Ops['linearT'];

/** y = r + h·W in one kernel (generation's A0AffineResidual); ∂r = dy, ∂h = dy·Wᵀ, ∂W = hᵀ·dy. */
const residualProduct = withGrad((save, r: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor2D) => {
  save([h, w]);
  return {
    value: affineResidual(r, h, w),
    gradFunc: (dy, [sh, sw]) => [
      dy,
      tf.matMul(dy as tf.Tensor2D, sw as tf.Tensor2D, false, true),
      tf.matMul(sh as tf.Tensor2D, dy as tf.Tensor2D, true, false),
    ],
  };
});

/** y = r + (h·W + b) in one kernel; the gradients of `residualProduct` and ∂b = Σ_rows dy. */
const residualAffine = withGrad((save, r: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D) => {
  save([h, w]);
  return {
    value: affineResidual(r, h, w, b),
    gradFunc: (dy, [sh, sw]) => [
      dy,
      tf.matMul(dy as tf.Tensor2D, sw as tf.Tensor2D, false, true),
      tf.matMul(sh as tf.Tensor2D, dy as tf.Tensor2D, true, false),
      columnSums(dy as tf.Tensor2D),
    ],
  };
});

const residual: Ops['residual'] = (r, h, w, b) =>
  (b ? residualAffine(r, h, w, b) : residualProduct(r, h, w)) as tf.Tensor2D;

/** Each row's position t of ids [B, T] (row r = b·T + t), as int32 [B·T]. */
function positionIds(b: number, t: number): tf.Tensor1D {
  return tf.tensor1d(
    Int32Array.from({ length: b * t }, (_, r) => r % t),
    'int32',
  );
}

/** Rows E[ids] + P[t] in one kernel (generation's A0Embed), without their gradients. */
function plainEmbed(tokens: tf.Tensor2D, positions: tf.Tensor2D, ids: tf.Tensor2D): tf.Tensor2D {
  const [b, t] = ids.shape;
  return embedKernel(tokens, positions, tf.reshape(ids, [b * t]), positionIds(b, t));
}

/** Rows E[ids] + P[t]; ∂E[v] = Σ of the rows of dy whose id is v, ∂P[t] = Σ of the rows at position t (`embedGrad`). */
function embed(tokens: tf.Tensor2D, positions: tf.Tensor2D, ids: tf.Tensor2D): tf.Tensor2D {
  const [b, t] = ids.shape;
  const flat = tf.reshape(ids, [b * t]) as tf.Tensor1D;
  const at = positionIds(b, t);
  return withGrad((save, e: tf.Tensor2D, p: tf.Tensor2D) => {
    // Saved, not captured: the tape disposes the forward pass's other tensors before the backward.
    save([flat, at]);
    return {
      value: embedKernel(e, p, flat, at),
      gradFunc: (dy, [ids, positionsOf]) => [
        embedGrad(dy as tf.Tensor2D, ids as tf.Tensor1D, e.shape[0]),
        embedGrad(dy as tf.Tensor2D, positionsOf as tf.Tensor1D, p.shape[0]),
      ],
    };
  })(tokens, positions) as tf.Tensor2D;
}

/** y = x·W + b; ∂x = dy·Wᵀ, ∂W = xᵀ·dy, ∂b = Σ_rows dy. */
const affine = withGrad((save, x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D) => {
  save([x, w]);
  return {
    value: tf.fused.matMul({ a: x, b: w, bias: b }),
    gradFunc: (dy, [sx, sw]) => [
      tf.matMul(dy as tf.Tensor2D, sw as tf.Tensor2D, false, true),
      tf.matMul(sx as tf.Tensor2D, dy as tf.Tensor2D, true, false),
      columnSums(dy as tf.Tensor2D),
    ],
  };
}) as Ops['affine'];

/** y = g·x̂ + b; ∂x (one kernel), ∂g = Σ_rows dy·x̂, ∂b = Σ_rows dy. */
const layerNorm = withGrad((save, x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D) => {
  save([x, gain]);
  return {
    value: layerNormKernel(x, gain, bias),
    gradFunc: (dy, [sx, sg]) => {
      const [xs, d] = [sx as tf.Tensor2D, dy as tf.Tensor2D];
      return [layerNormGradX(xs, sg as tf.Tensor1D, d), columnSums(d, xs), columnSums(d)];
    },
  };
}) as Ops['layerNorm'];

/** gelu(x); ∂x = dy·gelu′(x). */
const gelu = withGrad((save, x: tf.Tensor) => {
  save([x]);
  return { value: geluKernel(x), gradFunc: (dy, [sx]) => [geluGrad(sx as tf.Tensor, dy)] };
});

/** Causal attention of the rows qkv [B·T, 3d] (fused-train-ops.ts `attentionKernel`), with its gradient ∂qkv. */
function causalAttention(qkv: tf.Tensor2D, sizes: AttentionSizes): tf.Tensor2D {
  return withGrad((save, x: tf.Tensor2D) => {
    save([x]);
    return {
      value: attentionKernel(x, sizes),
      gradFunc: (dy, [sx]) => [attentionGrad(sx as tf.Tensor2D, dy as tf.Tensor2D, sizes)],
    };
  })(qkv) as tf.Tensor2D;
}

/** With their own gradients, for passes that are differentiated. */
export const FUSED_TAPED_OPS: Ops = { linear, linearT, affine, residual, layerNorm, gelu, causalAttention, embed };

/** The same values without the custom-gradient wrappers. */
export const FUSED_PLAIN_OPS: Ops = {
  linear: PLAIN_OPS.linear,
  linearT: (a, b) => tf.matMul(a, b, false, true),
  affine: PLAIN_OPS.affine,
  residual: (r, h, w, b) => affineResidual(r, h, w, b),
  layerNorm: (x, gain, bias) => layerNormKernel(x, gain, bias),
  gelu: (x) => geluKernel(x),
  causalAttention: attentionKernel,
  embed: plainEmbed,
};

/**
 * The blocks a forward pass uses: fused where the kernels are registered (WebGPU: the training
 * kernels, and generation's embedding and residual product), else fast-ops.ts's.
 */
export function opsFor(differentiable: boolean, fused = fusedTrainingAvailable() && fusedDecodeAvailable()): Ops {
  if (fused) return differentiable ? FUSED_TAPED_OPS : FUSED_PLAIN_OPS;
  return differentiable ? TAPED_OPS : PLAIN_OPS;
}
