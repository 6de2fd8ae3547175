/**
 * The fused kernels of training on WebGPU (webgpu-train.ts), called by name through tfjs: this file
 * does not load the WebGPU backend, so the WASM and Node builds can import it. Each function's
 * formula is its kernel's, in webgpu-train.ts.
 */
import * as tf from '@tensorflow/tfjs';

export const LAYER_NORM = 'A0LayerNorm';
export const LAYER_NORM_GRAD = 'A0LayerNormGrad';
export const COLUMN_SUMS = 'A0ColumnSums';
export const GELU = 'A0Gelu';
export const GELU_GRAD = 'A0GeluGrad';
export const ADAM_MOMENT = 'A0AdamMoment';
export const ADAM_PARAM = 'A0AdamParam';
export const POLICY_TOKENS = 'A0PolicyTokens';
export const POLICY_PACK = 'A0PolicyPack';
export const POLICY_GRAD = 'A0PolicyGrad';
export const TOKEN_LOG_PROBS = 'A0TokenLogProbs';
export const TOKEN_LOG_PROBS_GRAD = 'A0TokenLogProbsGrad';
export const EMBED_GRAD = 'A0EmbedGrad';
export const GRAD_NORM = 'A0GradNorm';
export const ATTENTION = 'A0Attention';
export const ATTENTION_SCORES_GRAD = 'A0AttentionScoresGrad';
export const ATTENTION_GRAD = 'A0AttentionGrad';
/** Every fused training kernel's name. */
export const FUSED_TRAIN_KERNELS = [
  LAYER_NORM,
  LAYER_NORM_GRAD,
  COLUMN_SUMS,
  GELU,
  GELU_GRAD,
  ADAM_MOMENT,
  ADAM_PARAM,
  POLICY_TOKENS,
  POLICY_PACK,
  POLICY_GRAD,
  TOKEN_LOG_PROBS,
  TOKEN_LOG_PROBS_GRAD,
  EMBED_GRAD,
  GRAD_NORM,
  ATTENTION,
  ATTENTION_SCORES_GRAD,
  ATTENTION_GRAD,
];

/** Whether the active backend has the fused training kernels (WebGPU after `registerTrainKernels`). */
export function fusedTrainingAvailable(): boolean {
  return tf.getKernel(LAYER_NORM, tf.getBackend()) !== undefined;
}

const kernel = <T extends tf.Tensor>(name: string, inputs: Record<string, tf.Tensor>, attrs: object = {}): T =>
  tf.engine().runKernel(name, inputs as tf.NamedTensorMap, attrs as tf.NamedAttrMap) as T;

/** y = g·x̂ + b, the layer norm of rows x [m, d]: one dispatch. */
export function layerNormKernel(x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D): tf.Tensor2D {
  return kernel(LAYER_NORM, { x, gain, bias });
}

/** ∂x of the layer norm for the upstream gradient dy [m, d]: one dispatch. */
export function layerNormGradX(x: tf.Tensor2D, gain: tf.Tensor1D, dy: tf.Tensor2D): tf.Tensor2D {
  return kernel(LAYER_NORM_GRAD, { x, gain, dy });
}

/** Σ_rows dy [n] of dy [m, n]; with x given, Σ_rows dy·x̂ (x̂ the rows of x standardised): one dispatch. */
export function columnSums(dy: tf.Tensor2D, x?: tf.Tensor2D): tf.Tensor1D {
  return kernel(COLUMN_SUMS, x ? { dy, x } : { dy });
}

/** Sizes of causal attention over rows [B·T, …]: T, the heads, σ = 1/√dh. */
export interface AttentionSizes {
  seq: number;
  heads: number;
  scale: number;
}

/**
 * Causal self-attention o = softmax(σ·q·kᵀ, keys j ≤ query i)·v of the Q, K, V product's rows
 * qkv [B·T, 3d] (laid out [b, t, (q | k | v), head, e]), as rows [B·T, d] laid out [b, t, head, e]:
 * one dispatch (webgpu-attention.ts).
 */
export function attentionKernel(qkv: tf.Tensor2D, sizes: AttentionSizes): tf.Tensor2D {
  return kernel(ATTENTION, { qkv }, sizes);
}

/** ∂qkv [B·T, 3d] of `attentionKernel` for the upstream gradient dOut [B·T, d]: two dispatches. */
export function attentionGrad(qkv: tf.Tensor2D, dOut: tf.Tensor2D, sizes: AttentionSizes): tf.Tensor2D {
  const planes = kernel(ATTENTION_SCORES_GRAD, { qkv, dOut }, sizes);
  return kernel(ATTENTION_GRAD, { planes, qkv, dOut }, sizes);
}

/**
 * ∂table [rows, d] of a row lookup table[ids] for the upstream gradient dy [m, d]: entry (v, c) is
 * Σ of dy[r, c] over the rows r whose id is v (0 for an id no row has): one dispatch.
 */
export function embedGrad(dy: tf.Tensor2D, ids: tf.Tensor1D, rows: number): tf.Tensor2D {
  return kernel(EMBED_GRAD, { dy, ids }, { rows });
}

/** ‖g‖ = √Σ g², the global norm of a flat gradient g [P], as a scalar: one dispatch of one workgroup. */
export function gradNorm(g: tf.Tensor1D): tf.Scalar {
  return tf.reshape(kernel(GRAD_NORM, { g }), []) as tf.Scalar;
}

/** gelu(x) elementwise: one dispatch. */
export function geluKernel(x: tf.Tensor): tf.Tensor {
  return kernel(GELU, { x });
}

/** dy·gelu′(x) elementwise: one dispatch. */
export function geluGrad(x: tf.Tensor, dy: tf.Tensor): tf.Tensor {
  return kernel(GELU_GRAD, { x, dy });
}

/**
 * [B, T] from logits [B, T, V] and ids [B, T] (int32), 0 at t = 0: with `entropy` false,
 * logp[b, t] = log softmax(logits[b, t − 1])[ids[b, t]]; with it true, −Σ_v p log p of that
 * distribution: one dispatch.
 */
export function tokenLogProbsKernel(logits: tf.Tensor3D, ids: tf.Tensor2D, entropy: boolean): tf.Tensor2D {
  return kernel(TOKEN_LOG_PROBS, { logits, ids }, { entropy });
}

/** ∂/∂logits [B, T, V] of Σ dlogp·logp: dlogp[b, t + 1]·(onehot(ids[b, t + 1]) − softmax(logits[b, t])): one dispatch. */
export function tokenLogProbsGrad(logits: tf.Tensor3D, ids: tf.Tensor2D, dlogp: tf.Tensor2D): tf.Tensor3D {
  return kernel(TOKEN_LOG_PROBS_GRAD, { logits, ids, dlogp });
}

/** The per-token inputs of the clipped policy loss, each [B, T] (the clip widths [B, 1] per sequence). */
export type PolicyTokenInputs = {
  logp: tf.Tensor2D;
  oldLogp: tf.Tensor2D;
  refLogp: tf.Tensor2D;
  advantages: tf.Tensor2D;
  /**
   * Aggregation weights w (core `aggregationWeights` of loss mask × per-token weight): the loss
   * is Σ w·l. Their denominators are the whole batch's, so parts of a batch add up.
   */
  weights: tf.Tensor2D;
  /** [B, 1] per-sequence clip widths. */
  epsLow: tf.Tensor2D;
  epsHigh: tf.Tensor2D;
};

/**
 * Per token of [B, T], the rows [6, B·T] of policy-loss.ts `lossParts`: w·L, w·k3, ρ, the branch
 * code, w·∂L/∂logπθ and w·∂k3/∂logπθ (the clip widths [B, 1] per sequence; `dualClip` null for
 * none): one dispatch.
 */
export function policyTokens(inputs: PolicyTokenInputs, dualClip: number | null): tf.Tensor2D {
  return kernel(POLICY_TOKENS, inputs, { dualClip: dualClip ?? 0, dual: dualClip !== null });
}

/** [Σ w·L + klCoef·Σ w·k3, Σ w·L, Σ w·k3, ρ…, branch…] from `policyTokens`' rows: one dispatch. */
export function policyPack(tokens: tf.Tensor2D, klCoef: number): tf.Tensor1D {
  return kernel(POLICY_PACK, { tokens }, { klCoef });
}

/** ∂/∂logπθ [B, T] of the packed loss for its upstream gradient dy: (dy₀ + dy₁)·g_pg + (klCoef·dy₀ + dy₂)·g_kl. */
export function policyGrad(dy: tf.Tensor1D, tokens: tf.Tensor2D, klCoef: number, shape: [number, number]): tf.Tensor2D {
  return kernel(POLICY_GRAD, { dy, tokens }, { klCoef, shape });
}

/**
 * One AdamW moment over the flat gradient g [P] with its norm ‖g‖ [1]: β·moment + (1 − β)·ĝ (or ĝ²
 * when `squared`), ĝ = g·min(1, maxGradNorm/(‖g‖ + 1e-6)) (ĝ = g when maxGradNorm is infinite):
 * one dispatch.
 */
export function adamMoment(
  moment: tf.Tensor1D,
  grad: tf.Tensor1D,
  norm: tf.Tensor,
  beta: number,
  maxGradNorm: number,
  squared: boolean,
): tf.Tensor1D {
  return kernel(ADAM_MOMENT, { moment, grad, norm: tf.reshape(norm, [1]) }, { beta, maxGradNorm, squared });
}

/**
 * A parameter's AdamW step from the flat moments m, v [P], its values at `offset` … offset + size − 1:
 * θ·decay − stepSize·m/(√(v/c2) + ε), stepSize = lr/(1 − β₁ᵗ), c2 = 1 − β₂ᵗ: one dispatch.
 */
export function adamParam(
  param: tf.Tensor,
  m: tf.Tensor1D,
  v: tf.Tensor1D,
  attrs: { offset: number; decay: number; stepSize: number; c2: number; epsilon: number },
): tf.Tensor {
  return kernel(ADAM_PARAM, { param, m, v }, attrs);
}
