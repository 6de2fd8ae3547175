/**
 * The blocks of the forward pass (fast-ops.ts `Ops`) on WebGPU with the fused training kernels
 * (kernels/webgpu-train.ts): layer norm and gelu are one dispatch each forward, and their gradients
 * one (gelu) or three (layer norm: ∂x, ∂g, ∂b); products pass transpose flags, which the WebGPU
 * backend's matMul reads in the same dispatch, instead of the explicit transposes that keep
 * tfjs-backend-wasm on XNNPACK; causal attention reads the one product h·W_qkv and is one dispatch
 * forward and two backward (`causalAttention`). The same formulas as fast-ops.ts and forward.ts; the plain set computes the
 * taped set's values exactly, so a policy's ratio to its own log-probs stays exactly 1 (§4.5).
 * Call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import { type Ops, PLAIN_OPS, TAPED_OPS, withGrad } from './fast-ops';
import {
  type AttentionSizes,
  attentionGrad,
  attentionKernel,
  columnSums,
  fusedTrainingAvailable,
  geluGrad,
  geluKernel,
  layerNormGradX,
  layerNormKernel,
} from './kernels/fused-train-ops';

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
export const FUSED_TAPED_OPS: Ops = { linear, affine, layerNorm, gelu, causalAttention };

/** The same values without the custom-gradient wrappers. */
export const FUSED_PLAIN_OPS: Ops = {
  linear: PLAIN_OPS.linear,
  affine: PLAIN_OPS.affine,
  layerNorm: (x, gain, bias) => layerNormKernel(x, gain, bias),
  gelu: (x) => geluKernel(x),
  causalAttention: attentionKernel,
};

/** The blocks a forward pass uses: fused where the kernels are registered (WebGPU), else fast-ops.ts's. */
export function opsFor(differentiable: boolean, fused = fusedTrainingAvailable()): Ops {
  if (fused) return differentiable ? FUSED_TAPED_OPS : FUSED_PLAIN_OPS;
  return differentiable ? TAPED_OPS : PLAIN_OPS;
}
