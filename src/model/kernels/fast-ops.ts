/**
 * Differentiable building blocks whose forward and backward passes take few kernels and whose
 * matrix products are all 2-D and untransposed: tfjs-backend-wasm hands exactly those products to
 * XNNPACK and runs every other one (a transpose flag, a batch dimension) in a scalar loop on one
 * thread, about ten times slower. tfjs's own gradients of `matMul` pass transpose flags, and
 * autodiff through a moments layer norm or `pow` costs tens of kernels, so each block here carries
 * its own gradient (`tf.customGrad`), checked against central finite differences in
 * tests/unit/model/train.grad.test.ts (through the whole model). Call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import { GELU_A, GELU_K } from './gelu-constants';
import {
  layerNormGradKernel,
  layerNormGradKernelFor,
  standardiseKernel,
  standardiseKernelFor,
} from './wasm-layer-norm';

type Input = tf.Tensor | tf.GradSaveFunc;
type GradFunc = (dy: tf.Tensor, saved: tf.Tensor[]) => tf.Tensor[];

/** tf.customGrad with the inputs typed: `f(save, ...inputs)` returns the value and its gradient function. */
export function withGrad<A extends tf.Tensor[]>(
  f: (save: tf.GradSaveFunc, ...inputs: A) => { value: tf.Tensor; gradFunc: GradFunc },
): (...inputs: A) => tf.Tensor {
  const g = tf.customGrad((...args: Input[]) => {
    const save = args[args.length - 1] as tf.GradSaveFunc;
    return f(save, ...(args.slice(0, -1) as A));
  });
  return (...inputs: A) => g(...inputs);
}

/**
 * y = a·b for 2-D a [m, k], b [k, n]. Gradients ∂a = dy·bᵀ and ∂b = aᵀ·dy, with the transposes
 * made explicit so that both products are untransposed as well.
 */
export const linear = withGrad((save, a: tf.Tensor2D, b: tf.Tensor2D) => {
  save([a, b]);
  return {
    value: tf.matMul(a, b),
    gradFunc: (dy, [sa, sb]) => [
      tf.matMul(dy as tf.Tensor2D, tf.transpose(sb as tf.Tensor2D)),
      tf.matMul(tf.transpose(sa as tf.Tensor2D), dy as tf.Tensor2D),
    ],
  };
}) as (a: tf.Tensor2D, b: tf.Tensor2D) => tf.Tensor2D;

/**
 * y = x·W + b (one fused kernel) for x [m, k], W [k, n], b [n]. Gradients ∂x = dy·Wᵀ,
 * ∂W = xᵀ·dy, ∂b = Σ_rows dy.
 */
export const affine = withGrad((save, x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D) => {
  save([x, w]);
  return {
    value: tf.fused.matMul({ a: x, b: w, bias: b }),
    gradFunc: (dy, [sx, sw]) => [
      tf.matMul(dy as tf.Tensor2D, tf.transpose(sw as tf.Tensor2D)),
      tf.matMul(tf.transpose(sx as tf.Tensor2D), dy as tf.Tensor2D),
      columnSums(dy as tf.Tensor2D),
    ],
  };
}) as (x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D) => tf.Tensor2D;

const LN_EPS = 1e-5;

/**
 * Column sums [n] of x [m, n] as the product 1ᵀ·x (XNNPACK; tfjs-wasm sums over the first axis by
 * transposing first, several times slower).
 */
function columnSums(x: tf.Tensor2D): tf.Tensor1D {
  const [m, n] = x.shape;
  return tf.reshape(tf.matMul(tf.tensor2d(new Float32Array(m).fill(1), [1, m]), x), [n]);
}

/** Row means [m, 1] of x [m, d] as the product x·(1/d)·1 (one XNNPACK kernel; tf.mean adds a reshape). */
function rowMeans(x: tf.Tensor2D): tf.Tensor2D {
  const d = x.shape[1];
  return tf.matMul(x, tf.tensor2d(new Float32Array(d).fill(1 / d), [d, 1]));
}

/**
 * x̂ and r of a layer norm over the last axis: x̂ = (x − μ)·r, r = 1/√(σ² + 1e-5), σ² = mean((x − μ)²).
 * On WASM, for a few rows, one kernel computes the same bits (kernels/wasm-layer-norm.ts).
 */
function normalise(x: tf.Tensor2D): { xHat: tf.Tensor2D; r: tf.Tensor } {
  if (standardiseKernelFor(x)) return standardiseKernel(x);
  const centred = tf.sub(x, rowMeans(x));
  const r = tf.rsqrt(tf.add(rowMeans(tf.square(centred) as tf.Tensor2D), LN_EPS));
  return { xHat: tf.mul(centred, r), r };
}

/** x̂ of a layer norm without gain and bias (for products that carry them folded in). */
export function standardise(x: tf.Tensor2D): tf.Tensor2D {
  return normalise(x).xHat;
}

/** gelu's gate s = σ(k·x·(1 + a·x²)) and x². (tfjs-wasm runs σ through XNNPACK, tanh in a scalar loop twenty times slower.) */
function geluGate(x: tf.Tensor): { s: tf.Tensor; x2: tf.Tensor } {
  const x2 = tf.square(x);
  return { s: tf.sigmoid(tf.mul(x, tf.add(tf.mul(x2, GELU_K * GELU_A), GELU_K))), x2 };
}

/** A layer norm's ∂x = r·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)) with ĝ = dy·g, in tfjs's kernels. */
function composedLayerNormGradX(dy: tf.Tensor2D, xHat: tf.Tensor2D, r: tf.Tensor, gain: tf.Tensor): tf.Tensor {
  const gHat = tf.mul(dy, gain) as tf.Tensor2D;
  return tf.mul(r, tf.sub(tf.sub(gHat, rowMeans(gHat)), tf.mul(xHat, rowMeans(tf.mul(gHat, xHat) as tf.Tensor2D))));
}

/**
 * Layer norm over the last axis of x [m, d]: x̂ = (x − μ)·r with r = 1/√(σ² + 1e-5), y = g·x̂ + b.
 * Gradients, with ĝ = dy·g: ∂x = r·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)), ∂g = Σ_rows dy·x̂, ∂b = Σ_rows dy.
 * On WASM, for a few rows, x̂ and r, and ∂x, are one kernel each with the same bits (kernels/wasm-layer-norm.ts).
 */
export const layerNorm = withGrad((save, x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D) => {
  const { xHat, r } = normalise(x);
  save([xHat, r, gain]);
  return {
    value: tf.add(tf.mul(xHat, gain), bias),
    gradFunc: (dy, [sxHat, sr, sg]) => {
      const xh = sxHat as tf.Tensor2D;
      const dx = layerNormGradKernelFor(dy)
        ? layerNormGradKernel(dy as tf.Tensor2D, xh, sr as tf.Tensor, sg as tf.Tensor)
        : composedLayerNormGradX(dy as tf.Tensor2D, xh, sr as tf.Tensor, sg as tf.Tensor);
      return [dx, columnSums(tf.mul(dy, xh) as tf.Tensor2D), columnSums(dy as tf.Tensor2D)];
    },
  };
}) as (x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D) => tf.Tensor2D;

/**
 * gelu(x) = ½x(1 + tanh(c(x + a·x³))) = x·s with s = σ(2c(x + a·x³)), c = √(2/π), a = 0.044715.
 * Gradient: dy·(s + x·s(1 − s)·2c(1 + 3a·x²)).
 */
export const gelu = withGrad((save, x: tf.Tensor) => {
  const { s, x2 } = geluGate(x);
  save([x, x2, s]);
  return {
    value: tf.mul(x, s),
    gradFunc: (dy, [sx, sx2, ss]) => {
      const s = ss as tf.Tensor;
      const slope = tf.mul(tf.mul(tf.sub(1, s), s), sx as tf.Tensor);
      const inner = tf.add(tf.mul(sx2 as tf.Tensor, 3 * GELU_A * GELU_K), GELU_K);
      return [tf.mul(dy, tf.add(s, tf.mul(slope, inner)))];
    },
  };
});

/** The blocks a forward pass is built of, and how it computes attention and its input rows. */
export interface Ops {
  linear(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D;
  /** a·bᵀ for a [m, k], b [n, k] (the tied head h·Eᵀ). */
  linearT(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D;
  affine(x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D): tf.Tensor2D;
  /** r + h·W, or r + (h·W + b) with b: a residual branch's product added to the stream. */
  residual(r: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor2D, b?: tf.Tensor1D): tf.Tensor2D;
  layerNorm(x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D): tf.Tensor2D;
  gelu(x: tf.Tensor): tf.Tensor;
  /**
   * Causal self-attention of the product h·W_qkv's rows [B·T, 3d] to rows [B·T, d] in one kernel
   * (fused-ops.ts); null: Q, K and V from three products with W_qkv's column blocks (forward.ts
   * `qkvBlocks`), split into heads, and attention composed of tfjs's kernels (forward.ts `attention`).
   */
  causalAttention: ((qkv: tf.Tensor2D, sizes: { seq: number; heads: number; scale: number }) => tf.Tensor2D) | null;
  /**
   * The input rows [B·T, d] = E[ids] + P[t] of ids [B, T] (token and position tables) in one
   * kernel (fused-ops.ts); null: forward.ts composes them of tfjs's kernels.
   */
  embed: ((tokens: tf.Tensor2D, positions: tf.Tensor2D, ids: tf.Tensor2D) => tf.Tensor2D) | null;
}

/** The residual block of a set of products: r + linear(h, W) or r + affine(h, W, b), two kernels. */
function composedResidual(linearOf: Ops['linear'], affineOf: Ops['affine']): Ops['residual'] {
  return (r, h, w, b) => tf.add(r, b ? affineOf(h, w, b) : linearOf(h, w)) as tf.Tensor2D;
}

/** With their own gradients, for passes that are differentiated. */
export const TAPED_OPS: Ops = {
  linear,
  linearT: (a, b) => linear(a, tf.transpose(b)),
  affine,
  residual: composedResidual(linear, affine),
  layerNorm,
  gelu,
  causalAttention: null,
  embed: null,
};

/** The same values without the custom-gradient wrappers, for inference (generation, log-probs). */
const plainLinear: Ops['linear'] = (a, b) => tf.matMul(a, b);
/**
 * x·W + b for x [m, k], W [k, n], b [n]: tfjs's fused product kernel run directly on the operands
 * `tf.fused.matMul` hands it (x as [1, m, k], W as [1, k, n]; the same kernel and attributes, so
 * the same numbers), without the op's custom-gradient wrapper and its third reshape, which it runs
 * even where nothing is differentiated (a generation token step at 8 sequences ran 8 % faster).
 */
const plainAffine: Ops['affine'] = (x, w, b) => {
  const [m, k] = x.shape;
  const n = w.shape[1];
  const inputs = { a: tf.reshape(x, [1, m, k]), b: tf.reshape(w, [1, k, n]), bias: b };
  const attrs = { transposeA: false, transposeB: false, activation: 'linear', leakyreluAlpha: 0.2 };
  return tf.reshape(tf.engine().runKernel(tf._FusedMatMul, inputs, attrs) as tf.Tensor3D, [m, n]);
};
export const PLAIN_OPS: Ops = {
  linear: plainLinear,
  linearT: (a, b) => tf.matMul(a, tf.transpose(b)),
  affine: plainAffine,
  residual: composedResidual(plainLinear, plainAffine),
  layerNorm: (x, gain, bias) => tf.add(tf.mul(normalise(x).xHat, gain), bias) as tf.Tensor2D,
  gelu: (x) => tf.mul(x, geluGate(x).s),
  causalAttention: null,
  embed: null,
};
