/**
 * Drawing next tokens on the tfjs backend, one per row of a [B, V] logits tensor, from uniforms
 * the caller draws with the project's seeded Rng: generation then reads back token ids only (B
 * integers per step, or per several steps) instead of B·V logits, and a seed gives the same
 * stream of draws on every backend.
 */
import * as tf from '@tensorflow/tfjs';
import { fusedDecodeAvailable, fusedSample } from './kernels/fused-decode-ops';
import { wasmInverseCdf } from './kernels/wasm-inverse-cdf';

export interface SamplingOptions {
  /** Softmax temperature; 0 = greedy (argmax, ties to the lowest id). */
  temperature: number;
  /** Keep only the k most likely tokens (0 or ≥ vocabulary size = all). Default 0. */
  topK?: number;
  /** Nucleus: keep the smallest most-likely set whose probability reaches p. Default 1. */
  topP?: number;
}

/** Throws the reason options cannot be used. */
export function checkSampling(opts: SamplingOptions): void {
  if (!(opts.temperature >= 0)) throw new Error(`sampling: temperature must be ≥ 0 (got ${opts.temperature}).`);
  const topP = opts.topP ?? 1;
  if (!(topP > 0 && topP <= 1)) throw new Error(`sampling: topP must be in (0, 1] (got ${topP}).`);
  const topK = opts.topK ?? 0;
  if (!(Number.isInteger(topK) && topK >= 0))
    throw new Error(`sampling: topK must be a whole number ≥ 0 (got ${topK}).`);
}

/**
 * Token ids [B] (int32) from logits [B, V] and uniforms u [B] in [0, 1), by inverse-CDF sampling.
 * Per row, with z = logits/T and w_i = exp(z_i − max z): the id at the first position whose
 * cumulative weight exceeds u·Σ w. Without truncation (top-k 0 or ≥ V, top-p 1) the positions are
 * the vocabulary's own order; with it, z is sorted descending (ties to the lower id), the first k
 * kept, and with top-p position i kept while the mass before it, Σ_{j<i} w_j / Σ w, is below p.
 * T = 0 is argmax. With `fused` (by default where the backend has the fused kernels: WebGPU), the
 * untruncated draw is one kernel (kernels/webgpu-decode.ts) computing the same. Every comparison
 * is against a same-shaped tensor: tfjs-wasm runs a broadcast comparison twenty times slower than a
 * broadcast subtraction. Call inside `tf.tidy`.
 */
export function sampleTokens(
  logits: tf.Tensor2D,
  uniforms: tf.Tensor1D,
  opts: SamplingOptions,
  fused = fusedDecodeAvailable(),
): tf.Tensor1D {
  checkSampling(opts);
  const [b, v] = logits.shape;
  if (opts.temperature === 0) return tf.argMax(logits, 1) as tf.Tensor1D;
  const k = opts.topK && opts.topK > 0 ? Math.min(opts.topK, v) : v;
  const topP = opts.topP ?? 1;
  if (k === v && topP === 1 && fused) return fusedSample(logits, uniforms, opts.temperature);
  const scaled = opts.temperature === 1 ? logits : tf.div(logits, opts.temperature);
  if (k === v && topP === 1)
    return inverseCdf(tf.exp(tf.sub(scaled, tf.max(scaled, 1, true))) as tf.Tensor2D, uniforms);
  const { values, indices } = tf.topk(scaled, k, true);
  // Sorted descending: column 0 is each row's maximum.
  let w = tf.exp(tf.sub(values, tf.slice(values, [0, 0], [b, 1]))) as tf.Tensor2D;
  if (topP < 1) {
    const before = tf.cumsum(w, 1, true);
    w = tf.mul(w, tf.cast(tf.less(tf.sub(before, tf.mul(tf.sum(w, 1, true), topP)), 0), 'float32'));
  }
  const flat = tf.add(inverseCdf(w, uniforms), tf.range(0, b * k, k, 'int32'));
  return tf.gather(tf.reshape(indices, [b * k]), flat) as tf.Tensor1D;
}

/**
 * Position [B] (int32) in each row of weights w [B, n] where the cumulative weight first exceeds
 * u·Σ w: the count of positions whose cumulative weight c_i satisfies c_i − u·Σ w ≤ 0 (capped at n − 1).
 */
function inverseCdf(w: tf.Tensor2D, uniforms: tf.Tensor1D): tf.Tensor1D {
  // On WASM one kernel of the project's own computes the same (kernels/wasm-inverse-cdf.ts).
  const direct = wasmInverseCdf(w, uniforms);
  if (direct) return direct;
  const [b, n] = w.shape;
  const target = tf.mul(tf.reshape(uniforms, [b, 1]), tf.sum(w, 1, true));
  const below = tf.sum(tf.cast(tf.lessEqual(tf.sub(tf.cumsum(w, 1), target), 0), 'int32'), 1);
  return tf.minimum(below, tf.scalar(n - 1, 'int32')) as tf.Tensor1D;
}
