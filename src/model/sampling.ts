/**
 * Drawing next tokens on the tfjs backend, one per row of a [B, V] logits tensor, from uniforms
 * the caller draws with the project's seeded Rng: generation then reads back token ids only (B
 * integers per step, or per several steps) instead of B·V logits, and a seed gives the same
 * stream of draws on every backend.
 */
import * as tf from '@tensorflow/tfjs';

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
 * Token ids [B] (int32) from logits [B, V] and uniforms u [B] in [0, 1). Per row, with z = logits/T:
 * sort z descending (ties to the lower id) and keep the first k; w_i = exp(z_i − z_0); with top-p
 * keep i while the mass before it, Σ_{j<i} w_j / Σ w, is below p; then the id at the first sorted
 * position whose cumulative kept weight exceeds u·Σ kept w (inverse-CDF sampling). T = 0 is argmax.
 * Call inside `tf.tidy`.
 */
export function sampleTokens(logits: tf.Tensor2D, uniforms: tf.Tensor1D, opts: SamplingOptions): tf.Tensor1D {
  checkSampling(opts);
  const [b, v] = logits.shape;
  if (opts.temperature === 0) return tf.argMax(logits, 1) as tf.Tensor1D;
  const k = opts.topK && opts.topK > 0 ? Math.min(opts.topK, v) : v;
  const { values, indices } = tf.topk(tf.div(logits, opts.temperature), k, true);
  let w = tf.exp(tf.sub(values, tf.max(values, 1, true)));
  const topP = opts.topP ?? 1;
  if (topP < 1) {
    const before = tf.cumsum(w, 1, true);
    w = tf.mul(w, tf.cast(tf.less(before, tf.mul(tf.sum(w, 1, true), topP)), 'float32'));
  }
  const cumulative = tf.cumsum(w, 1);
  const target = tf.mul(tf.reshape(uniforms, [b, 1]), tf.sum(w, 1, true));
  const below = tf.sum(tf.cast(tf.lessEqual(cumulative, target), 'int32'), 1);
  const position = tf.minimum(below, tf.scalar(k - 1, 'int32'));
  const flat = tf.add(position, tf.range(0, b * k, k, 'int32'));
  return tf.gather(tf.reshape(indices, [b * k]), flat) as tf.Tensor1D;
}
