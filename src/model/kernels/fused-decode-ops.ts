/**
 * The fused kernels of generation (webgpu-decode.ts), called by name through tfjs:
 * this file does not load the WebGPU backend, so the WASM and Node builds can import it. Each
 * function's formula is its kernel's, in webgpu-decode.ts.
 */
import * as tf from '@tensorflow/tfjs';

export const NORM_AFFINE = 'A0NormAffine';
export const AFFINE_RESIDUAL = 'A0AffineResidual';
export const CACHE_WRITE = 'A0CacheWrite';
export const CACHED_ATTENTION = 'A0CachedAttention';
export const EMBED = 'A0Embed';
export const SAMPLE = 'A0Sample';
/** Every fused kernel's name. */
export const FUSED_KERNELS = [NORM_AFFINE, AFFINE_RESIDUAL, CACHE_WRITE, CACHED_ATTENTION, EMBED, SAMPLE];

/** Whether the active backend has the fused kernels (WebGPU after `registerDecodeKernels`). */
export function fusedDecodeAvailable(): boolean {
  return tf.getKernel(NORM_AFFINE, tf.getBackend()) !== undefined;
}

const kernel = <T extends tf.Tensor>(name: string, inputs: Record<string, tf.Tensor>, attrs: object = {}): T =>
  tf.engine().runKernel(name, inputs as tf.NamedTensorMap, attrs as tf.NamedAttrMap) as T;

/** x̂·W + b (gelu'd when asked) for x [m, d]: one dispatch. */
export function normAffine(x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D, gelu = false): tf.Tensor2D {
  return kernel(NORM_AFFINE, { x, w, b }, { gelu });
}

/** residual + h·W (+ b): one dispatch. */
export function affineResidual(residual: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor2D, b?: tf.Tensor1D): tf.Tensor2D {
  return kernel(AFFINE_RESIDUAL, b ? { residual, h, w, b } : { residual, h, w });
}

/** The cache with the new tokens' x̂·W + b rows written in (`spans` [2, B]: cursors, counts). */
export function cacheWrite(
  cache: tf.Tensor2D,
  x: tf.Tensor2D,
  w: tf.Tensor2D,
  b: tf.Tensor1D,
  spans: tf.Tensor2D,
  heads: number,
  capacity: number,
): tf.Tensor2D {
  return kernel(CACHE_WRITE, { cache, x, w, b, spans }, { heads, capacity });
}

/** Attention of queries q [B·L, d] against the cache's keys and values, rows [B·L, d]. */
export function cachedAttention(
  q: tf.Tensor2D,
  keys: tf.Tensor2D,
  values: tf.Tensor2D,
  spans: tf.Tensor2D,
  heads: number,
  capacity: number,
): tf.Tensor2D {
  return kernel(CACHED_ATTENTION, { q, keys, values, spans }, { heads, capacity });
}

/** Token plus position embedding rows for ids [m] at positions [m] (int32). */
export function embed(tokens: tf.Tensor2D, positions: tf.Tensor2D, ids: tf.Tensor1D, at: tf.Tensor1D): tf.Tensor2D {
  return kernel(EMBED, { tokens, positions, ids, at });
}

/** Token ids [B] (int32) drawn from logits [B, V] at temperature T > 0 without truncation, u [B] in [0, 1). */
export function fusedSample(logits: tf.Tensor2D, uniforms: tf.Tensor1D, temperature: number): tf.Tensor1D {
  return kernel(SAMPLE, { logits, uniforms }, { temperature });
}
