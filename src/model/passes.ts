/**
 * Whole sequences cut into forward passes of one shape within a memory bound: a pass holds all its
 * activations until it ends, and tfjs's WASM memory never shrinks, so the largest pass of a visit
 * sets it for good. Used by `sequenceLogProbs` and `trainStep` (train.ts).
 */
import * as tf from '@tensorflow/tfjs';

/** What one forward pass over whole sequences may hold: token rows B·T and attention scores B·H·T² per layer. */
export interface PassLimit {
  rows: number;
  scores: number;
}

/**
 * Most sequences of padded length t in one pass under `limit`:
 * max(1, min(⌊rows / t⌋, ⌊scores / (H·t²)⌋)). Activations grow with the rows and attention's
 * scores with t², so long sequences go fewer at a time.
 */
export function sequencesPerPass(t: number, heads: number, limit: PassLimit): number {
  return Math.max(1, Math.min(Math.floor(limit.rows / t), Math.floor(limit.scores / (heads * t * t))));
}

/** Sequences [start, start + count) of a batch, run as `size` rows: the rest are empty filler rows. */
export interface Pass {
  start: number;
  count: number;
  size: number;
}

/**
 * n sequences in passes of at most `most`: k = ⌈n / most⌉ passes of ⌈n / k⌉ sequences each, the
 * last one filled up with empty rows so every pass has one shape.
 */
export function cutPasses(n: number, most: number): Pass[] {
  const k = Math.ceil(n / most);
  const size = Math.ceil(n / k);
  return Array.from({ length: k }, (_, j) => ({ start: j * size, count: Math.min(size, n - j * size), size }));
}

/** One pass's rows of a flat [n, width] array, zero-filled to its size, as a tensor [size, width]. */
export function passRows(flat: Float32Array, width: number, pass: Pass): tf.Tensor2D {
  const out = new Float32Array(pass.size * width);
  out.set(flat.subarray(pass.start * width, (pass.start + pass.count) * width));
  return tf.tensor2d(out, [pass.size, width]);
}
