/**
 * The decoder-only transformer's forward passes. Pre-norm blocks:
 *   x ← x + Attn(LN₁(x)),  x ← x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂,
 * then a final LN and the head (logits = h·Eᵀ when tied, h·W_head otherwise).
 * `forwardFull` runs whole sequences (training, log-probs, recompute); `forwardExtend` appends
 * tokens to a key/value cache (generation). Both must be called inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { affine, gelu, layerNorm, linear } from './fast-ops';
import type { LayerParams, Params } from './params';

const MASKED = -1e9;

/** Key/value cache: per layer, keys and values of every position, [B, contextLength, dModel]. */
export type KvCache = {
  keys: tf.Tensor3D[];
  values: tf.Tensor3D[];
};

/** Rows of a [B, L, a] tensor as [B·L, a], and back. */
function rows(x: tf.Tensor3D): tf.Tensor2D {
  const [b, l, a] = x.shape;
  return tf.reshape(x, [b * l, a]);
}

/** LN over the last axis of [B, L, d] (see fast-ops `layerNorm`). */
function norm(x: tf.Tensor3D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor3D {
  return tf.reshape(layerNorm(rows(x), gain as tf.Tensor1D, bias as tf.Tensor1D), x.shape);
}

/** [B, L, a] · [a, b] as one untransposed 2-D product. */
function dense(x: tf.Tensor3D, w: tf.Tensor): tf.Tensor3D {
  const [b, l] = x.shape;
  return tf.reshape(linear(rows(x), w as tf.Tensor2D), [b, l, w.shape[1] as number]);
}

/** [B, L, a] · [a, b] + bias as one fused untransposed 2-D product. */
function denseBias(x: tf.Tensor3D, w: tf.Tensor, bias: tf.Tensor): tf.Tensor3D {
  const [b, l] = x.shape;
  return tf.reshape(affine(rows(x), w as tf.Tensor2D, bias as tf.Tensor1D), [b, l, w.shape[1] as number]);
}

/** [B, L, d] → [B, H, L, d/H]. */
function splitHeads(x: tf.Tensor3D, nHeads: number): tf.Tensor4D {
  const [b, l, d] = x.shape;
  return tf.transpose(tf.reshape(x, [b, l, nHeads, d / nHeads]), [0, 2, 1, 3]);
}

/** [B, H, L, dh] → [B, L, H·dh]. */
function mergeHeads(x: tf.Tensor4D): tf.Tensor3D {
  const [b, h, l, dh] = x.shape;
  return tf.reshape(tf.transpose(x, [0, 2, 1, 3]), [b, l, h * dh]);
}

/** One-hot float rows. (The WASM backend's OneHot ignores a float dtype: cast an int32 one-hot.) */
export function oneHotFloat(ids: tf.Tensor1D, depth: number): tf.Tensor2D {
  return tf.cast(tf.oneHot(ids, depth), 'float32') as tf.Tensor2D;
}

/**
 * Token embedding. Differentiable path: one-hot(ids)·E (the WASM backend has no gradient for
 * gather); inference path: gather, which gives the same numbers.
 */
function embedTokens(p: Params, c: ModelConfig, ids: tf.Tensor2D, differentiable: boolean): tf.Tensor3D {
  const [b, l] = ids.shape;
  const flat = tf.reshape(ids, [b * l]) as tf.Tensor1D;
  const embedded = differentiable
    ? linear(oneHotFloat(flat, c.vocabSize), p.tokenEmbedding as tf.Tensor2D)
    : tf.gather(p.tokenEmbedding, flat);
  return tf.reshape(embedded, [b, l, c.dModel]);
}

/** MLP half of a block: x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂. */
function mlp(x: tf.Tensor3D, lp: LayerParams): tf.Tensor3D {
  const hidden = gelu(denseBias(norm(x, lp.ln2Gain, lp.ln2Bias), lp.w1, lp.b1)) as tf.Tensor3D;
  return tf.add(x, denseBias(hidden, lp.w2, lp.b2));
}

/** softmax(q·kᵀ/√dh + bias)·v, merged back to [B, L, d] and projected by W_out. */
function attend(q: tf.Tensor4D, k: tf.Tensor4D, v: tf.Tensor4D, bias: tf.Tensor, wOut: tf.Tensor): tf.Tensor3D {
  const dh = q.shape[3];
  const scores = tf.add(tf.matMul(tf.mul(q, 1 / Math.sqrt(dh)), k, false, true), bias);
  return dense(mergeHeads(tf.matMul(tf.softmax(scores), v)), wOut);
}

/** Final LN and head: [B, L, d] → [B, L, V]. */
function head(p: Params, c: ModelConfig, x: tf.Tensor3D): tf.Tensor3D {
  const [b, l] = x.shape;
  const h = layerNorm(rows(x), p.lnFinalGain as tf.Tensor1D, p.lnFinalBias as tf.Tensor1D);
  const logits = linear(h, (p.head ?? tf.transpose(p.tokenEmbedding)) as tf.Tensor2D);
  return tf.reshape(logits, [b, l, c.vocabSize]);
}

/** Additive causal bias [T, T]: 0 where key ≤ query, −1e9 above the diagonal. */
function causalBias(t: number): tf.Tensor2D {
  const bias = new Float32Array(t * t);
  for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) bias[i * t + j] = MASKED;
  return tf.tensor2d(bias, [t, t]);
}

/**
 * Logits of every position of whole sequences: ids [B, T] (T ≤ contextLength, position t at
 * index t) → [B, T, V], where row t predicts token t + 1.
 */
export function forwardFull(p: Params, c: ModelConfig, ids: tf.Tensor2D, differentiable: boolean): tf.Tensor3D {
  const t = ids.shape[1];
  if (t > c.contextLength) throw new Error(`forwardFull: ${t} tokens exceed the context length ${c.contextLength}.`);
  let x = tf.add(
    embedTokens(p, c, ids, differentiable),
    tf.slice(p.positionEmbedding, [0, 0], [t, c.dModel]),
  ) as tf.Tensor3D;
  const bias = causalBias(t);
  for (const lp of p.layers) {
    const [q, k, v] = tf.split(dense(norm(x, lp.ln1Gain, lp.ln1Bias), lp.wQkv), 3, -1) as [
      tf.Tensor3D,
      tf.Tensor3D,
      tf.Tensor3D,
    ];
    const a = attend(splitHeads(q, c.nHeads), splitHeads(k, c.nHeads), splitHeads(v, c.nHeads), bias, lp.wOut);
    x = mlp(tf.add(x, a), lp);
  }
  return head(p, c, x);
}

/** A zero cache for `batch` sequences. */
export function emptyCache(c: ModelConfig, batch: number): KvCache {
  const z = (): tf.Tensor3D => tf.zeros([batch, c.contextLength, c.dModel]);
  return { keys: Array.from({ length: c.nLayers }, z), values: Array.from({ length: c.nLayers }, z) };
}

export type ExtendResult = {
  cache: KvCache;
  /** [B, V]: logits after the last appended token of each sequence (meaningless where n = 0). */
  logits: tf.Tensor2D;
};

/**
 * Append ids [B, L] to the cache: sequence b holds `cursor[b]` tokens and takes its first `n[b]`
 * new ones at positions cursor[b] + j. With W[b, c, j] = [c = cursor[b] + j, j < n[b]], each layer's
 * cache becomes K' = K·(1 − Σⱼ W) + W·k (positions ≥ contextLength are dropped), and query j
 * attends to keys c ≤ cursor[b] + j. The input cache is not disposed.
 */
export function forwardExtend(
  p: Params,
  c: ModelConfig,
  cache: KvCache,
  ids: tf.Tensor2D,
  cursor: readonly number[],
  n: readonly number[],
): ExtendResult {
  const [batch, l] = ids.shape;
  const ctx = c.contextLength;
  const write = new Float32Array(batch * ctx * l);
  const posOneHot = new Float32Array(batch * l * ctx);
  const bias = new Float32Array(batch * l * ctx);
  const pick = new Float32Array(batch * l);
  for (let b = 0; b < batch; b++) {
    const start = cursor[b] as number;
    const count = n[b] as number;
    if (start + count > ctx) throw new Error(`forwardExtend: sequence ${b} would exceed the context length ${ctx}.`);
    for (let j = 0; j < l; j++) {
      const pos = Math.min(start + j, ctx - 1);
      posOneHot[(b * l + j) * ctx + pos] = 1;
      if (j < count) write[(b * ctx + start + j) * l + j] = 1;
      for (let k = start + j + 1; k < ctx; k++) bias[(b * l + j) * ctx + k] = MASKED;
    }
    pick[b * l + Math.max(0, count - 1)] = 1;
  }
  const w = tf.tensor3d(write, [batch, ctx, l]);
  const keep = tf.sub(1, tf.sum(w, 2, true));
  const attnBias = tf.tensor4d(bias, [batch, 1, l, ctx]);
  const pos = tf.matMul(tf.tensor3d(posOneHot, [batch, l, ctx]), p.positionEmbedding as tf.Tensor2D);
  let x = tf.add(embedTokens(p, c, ids, false), pos) as tf.Tensor3D;
  const next: KvCache = { keys: [], values: [] };
  p.layers.forEach((lp, i) => {
    const [q, k, v] = tf.split(dense(norm(x, lp.ln1Gain, lp.ln1Bias), lp.wQkv), 3, -1) as [
      tf.Tensor3D,
      tf.Tensor3D,
      tf.Tensor3D,
    ];
    const keys = tf.add(tf.mul(cache.keys[i] as tf.Tensor3D, keep), tf.matMul(w, k)) as tf.Tensor3D;
    const values = tf.add(tf.mul(cache.values[i] as tf.Tensor3D, keep), tf.matMul(w, v)) as tf.Tensor3D;
    next.keys.push(keys);
    next.values.push(values);
    const a = attend(
      splitHeads(q, c.nHeads),
      splitHeads(keys, c.nHeads),
      splitHeads(values, c.nHeads),
      attnBias,
      lp.wOut,
    );
    x = mlp(tf.add(x, a), lp);
  });
  const last = tf.matMul(tf.tensor3d(pick, [batch, 1, l]), x) as tf.Tensor3D;
  return { cache: next, logits: tf.reshape(head(p, c, last), [batch, c.vocabSize]) };
}

/** Dispose every tensor of a cache. */
export function disposeCache(cache: KvCache): void {
  tf.dispose([...cache.keys, ...cache.values]);
}
