/**
 * The decoder-only transformer's forward passes. Pre-norm blocks:
 *   x ← x + Attn(LN₁(x)),  x ← x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂,
 * then a final LN and the head (logits = h·Eᵀ when tied, h·W_head otherwise).
 * `forwardFull` runs whole sequences (training, log-probs, recompute); `forwardExtend` appends
 * tokens to a key/value cache (generation). Both must be called inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { type Ops, PLAIN_OPS, TAPED_OPS } from './fast-ops';
import type { LayerParams, Params } from './params';

const MASKED = -1e9;

/**
 * Key/value cache: per layer, keys and values as rows [B·H·(capacity + 1), d/H], row
 * (b·H + h)·(capacity + 1) + position. The last position of each sequence and head is a scratch
 * row: padded tokens write there, and no query attends to it. The capacity starts small and
 * doubles (up to the context length) when a sequence needs more room: attention and the cache
 * writes cost in proportion to it.
 */
export type KvCache = {
  keys: tf.Tensor2D[];
  values: tf.Tensor2D[];
  /** Positions each sequence has room for. */
  capacity: number;
};

/** [B·L, d] rows → [B, H, L, d/H] (for L = 1 the same data: a relabelling, no transpose). */
function splitHeads(x: tf.Tensor2D, b: number, nHeads: number): tf.Tensor4D {
  const [rows, d] = x.shape;
  const l = rows / b;
  if (l === 1) return tf.reshape(x, [b, nHeads, 1, d / nHeads]);
  return tf.transpose(tf.reshape(x, [b, l, nHeads, d / nHeads]), [0, 2, 1, 3]);
}

/** [B, H, L, dh] → rows [B·L, H·dh] (for L = 1 a relabelling). */
function mergeHeads(x: tf.Tensor4D): tf.Tensor2D {
  const [b, h, l, dh] = x.shape;
  if (l === 1) return tf.reshape(x, [b, h * dh]);
  return tf.reshape(tf.transpose(x, [0, 2, 1, 3]), [b * l, h * dh]);
}

/** One-hot float rows. (The WASM backend's OneHot ignores a float dtype: cast an int32 one-hot.) */
export function oneHotFloat(ids: tf.Tensor1D, depth: number): tf.Tensor2D {
  return tf.cast(tf.oneHot(ids, depth), 'float32') as tf.Tensor2D;
}

/**
 * Token embedding. Differentiable path: one-hot(ids)·E (the WASM backend has no gradient for
 * gather); inference path: gather, which gives the same numbers.
 */
function embedTokens(p: Params, c: ModelConfig, ids: tf.Tensor2D, differentiable: boolean): tf.Tensor2D {
  const [b, l] = ids.shape;
  const flat = tf.reshape(ids, [b * l]) as tf.Tensor1D;
  return differentiable
    ? TAPED_OPS.linear(oneHotFloat(flat, c.vocabSize), p.tokenEmbedding as tf.Tensor2D)
    : lookupRows(p.tokenEmbedding, flat);
}

/** LN over the last axis of rows [m, d] (see fast-ops `layerNorm`). */
function norm(ops: Ops, x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor2D {
  return ops.layerNorm(x, gain as tf.Tensor1D, bias as tf.Tensor1D);
}

/** MLP half of a block on rows [m, d]: x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂. */
function mlp(ops: Ops, x: tf.Tensor2D, lp: LayerParams): tf.Tensor2D {
  const h = norm(ops, x, lp.ln2Gain, lp.ln2Bias);
  const hidden = ops.gelu(ops.affine(h, lp.w1 as tf.Tensor2D, lp.b1 as tf.Tensor1D)) as tf.Tensor2D;
  return tf.add(x, ops.affine(hidden, lp.w2 as tf.Tensor2D, lp.b2 as tf.Tensor1D));
}

/**
 * Column block j ∈ {0, 1, 2} (query, key, value) of W_qkv [d, 3d] as W_qkv·S_j, S_j [3d, d] the 0/1
 * selector of columns j·d … (j+1)·d − 1: a product that copies exactly, on XNNPACK, where
 * tfjs-wasm's Slice and SplitV copy element by element in JavaScript (SplitV of a [1024, 3d]
 * activation took longer than the three products together).
 */
function qkvBlocks(ops: Ops, wQkv: tf.Tensor): [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D] {
  const [d, d3] = wQkv.shape as [number, number];
  const block = (j: number): tf.Tensor2D => {
    const select = new Float32Array(d3 * d);
    for (let i = 0; i < d; i++) select[(j * d + i) * d + i] = 1;
    return ops.linear(wQkv as tf.Tensor2D, tf.tensor2d(select, [d3, d]));
  };
  return [block(0), block(1), block(2)];
}

/** The query, key and value weights [d, d] of every layer. */
export type QkvWeights = [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D][];

/** Q, K and V rows [m, d] of LN₁(x), one product each. */
function qkv(
  ops: Ops,
  x: tf.Tensor2D,
  lp: LayerParams,
  w: readonly [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D],
): [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D] {
  const h = norm(ops, x, lp.ln1Gain, lp.ln1Bias);
  return [ops.linear(h, w[0]), ops.linear(h, w[1]), ops.linear(h, w[2])];
}

/**
 * Embedding rows table[ids] [m, d] for inference: `gather` for a few rows, the product
 * one-hot(ids)·table for many (tfjs-wasm's gather costs about four such products at 160 rows).
 */
function lookupRows(table: tf.Tensor, ids: tf.Tensor1D): tf.Tensor2D {
  const [rows, d] = table.shape as [number, number];
  if (ids.shape[0] < 32) return tf.gather(table, ids) as tf.Tensor2D;
  return tf.reshape(tf.matMul(oneHotFloat(ids, rows), table as tf.Tensor2D), [ids.shape[0], d]);
}

/** softmax(q·kᵀ/√dh + bias)·v, merged back to rows [B·L, d] and projected by W_out. */
function attend(
  ops: Ops,
  q: tf.Tensor4D,
  k: tf.Tensor4D,
  v: tf.Tensor4D,
  bias: tf.Tensor,
  wOut: tf.Tensor,
): tf.Tensor2D {
  const dh = q.shape[3];
  const scores = tf.add(tf.matMul(tf.mul(q, 1 / Math.sqrt(dh)), k, false, true), bias);
  return ops.linear(mergeHeads(tf.matMul(tf.softmax(scores), v)), wOut as tf.Tensor2D);
}

/** Final LN and head: rows [m, d] → [m, V]. */
function head(ops: Ops, p: Params, x: tf.Tensor2D): tf.Tensor2D {
  return ops.linear(norm(ops, x, p.lnFinalGain, p.lnFinalBias), headMatrix(p));
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
  const [b, t] = ids.shape;
  if (t > c.contextLength) throw new Error(`forwardFull: ${t} tokens exceed the context length ${c.contextLength}.`);
  const embedded = tf.reshape(embedTokens(p, c, ids, differentiable), [b, t, c.dModel]);
  const positions = tf.slice(p.positionEmbedding, [0, 0], [t, c.dModel]);
  let x = tf.reshape(tf.add(embedded, positions), [b * t, c.dModel]) as tf.Tensor2D;
  const ops = differentiable ? TAPED_OPS : PLAIN_OPS;
  const bias = causalBias(t);
  for (const lp of p.layers) {
    const [q, k, v] = qkv(ops, x, lp, qkvBlocks(ops, lp.wQkv));
    const heads = (y: tf.Tensor2D) => splitHeads(y, b, c.nHeads);
    x = mlp(ops, tf.add(x, attend(ops, heads(q), heads(k), heads(v), bias, lp.wOut)), lp);
  }
  return tf.reshape(head(ops, p, x), [b, t, c.vocabSize]);
}

/** A zero cache for `batch` sequences with room for `capacity` positions (at most the context length). */
export function emptyCache(c: ModelConfig, batch: number, capacity = c.contextLength): KvCache {
  const cap = Math.min(capacity, c.contextLength);
  const z = (): tf.Tensor2D => tf.zeros([batch * c.nHeads * (cap + 1), c.dModel / c.nHeads]);
  return { keys: Array.from({ length: c.nLayers }, z), values: Array.from({ length: c.nLayers }, z), capacity: cap };
}

/** Smallest power of two ≥ n (at least 1), capped at `max`. */
export function bucketLength(n: number, max: number): number {
  let l = 1;
  while (l < n) l *= 2;
  return Math.min(l, max);
}

/**
 * The cache with room for `capacity` positions: every row keeps its (block, position), one scatter
 * into zeros per tensor. The old scratch row becomes an ordinary position, masked until written.
 */
function growCache(cache: KvCache, blocks: number, capacity: number): KvCache {
  const old = cache.capacity;
  const to = new Int32Array(blocks * (old + 1));
  for (let g = 0; g < blocks; g++) for (let j = 0; j <= old; j++) to[g * (old + 1) + j] = g * (capacity + 1) + j;
  const index = tf.tensor2d(to, [to.length, 1], 'int32');
  const grow = (t: tf.Tensor2D): tf.Tensor2D =>
    tf.tensorScatterUpdate(tf.zeros([blocks * (capacity + 1), t.shape[1]]), index, t);
  return { keys: cache.keys.map(grow), values: cache.values.map(grow), capacity };
}

export type ExtendResult = {
  cache: KvCache;
  /** [B, V]: logits after the last appended token of each sequence (meaningless where n = 0). */
  logits: tf.Tensor2D;
};

/** The index tensors of one cache extension, built on the CPU from the cursors. */
interface ExtendPlan {
  /** [B·H·L, 1]: the cache row each new key/value row goes to (the scratch row when j ≥ n[b]). */
  rows: tf.Tensor2D;
  /** [B·L]: position ids min(cursor[b] + j, contextLength − 1). */
  positions: tf.Tensor1D;
  /** [B, 1, L, capacity + 1]: 0 where key position ≤ cursor[b] + j and is not the scratch row, else −1e9. */
  bias: tf.Tensor4D;
  /** [B]: the row b·L + max(n[b] − 1, 0) of the last appended token. */
  last: tf.Tensor1D;
}

function extendPlan(
  c: ModelConfig,
  cap: number,
  batch: number,
  l: number,
  cursor: readonly number[],
  n: readonly number[],
): ExtendPlan {
  const ctx = c.contextLength;
  const heads = c.nHeads;
  const rows = new Int32Array(batch * heads * l);
  const positions = new Int32Array(batch * l);
  const bias = new Float32Array(batch * l * (cap + 1)).fill(MASKED);
  const last = new Int32Array(batch);
  for (let b = 0; b < batch; b++) {
    const start = cursor[b] as number;
    const count = n[b] as number;
    for (let j = 0; j < l; j++) {
      positions[b * l + j] = Math.min(start + j, ctx - 1);
      bias.fill(0, (b * l + j) * (cap + 1), (b * l + j) * (cap + 1) + Math.min(start + j + 1, cap));
      for (let h = 0; h < heads; h++) {
        const base = (b * heads + h) * (cap + 1);
        rows[(b * heads + h) * l + j] = j < count ? base + start + j : base + cap;
      }
    }
    last[b] = b * l + Math.max(0, count - 1);
  }
  return {
    rows: tf.tensor2d(rows, [batch * heads * l, 1], 'int32'),
    positions: tf.tensor1d(positions, 'int32'),
    bias: tf.tensor4d(bias, [batch, 1, l, cap + 1]),
    last: tf.tensor1d(last, 'int32'),
  };
}

/** Key or value rows [B·L, d] → rows [B·H·L, d/H] in the cache's (b, h, j) order. */
function headRows(x: tf.Tensor2D, b: number, nHeads: number): tf.Tensor2D {
  const [rows, d] = x.shape;
  const heads = rows === b ? x : splitHeads(x, b, nHeads);
  return tf.reshape(heads, [rows * nHeads, d / nHeads]);
}

/**
 * Append ids [B, L] to the cache: sequence b holds `cursor[b]` tokens and takes its first `n[b]`
 * new ones at positions cursor[b] + j (each layer's new key and value rows are scattered into the
 * cache in one kernel), and query j attends to key positions ≤ cursor[b] + j. `weights` (the head and the
 * Q/K/V blocks, `inferenceWeights`) may be passed in to be reused across calls. The input cache is not
 * disposed. When a sequence needs more room than the cache has, the result is a grown cache
 * (capacity the next power of two, at most the context length). Call inside `tf.tidy`.
 */
export function forwardExtend(
  p: Params,
  c: ModelConfig,
  cache: KvCache,
  ids: tf.Tensor2D,
  cursor: readonly number[],
  n: readonly number[],
  weights: InferenceWeights = inferenceWeights(p),
): ExtendResult {
  const [batch, l] = ids.shape;
  const ctx = c.contextLength;
  const needed = Math.max(...cursor.map((start, b) => start + (n[b] as number)));
  if (needed > ctx) throw new Error(`forwardExtend: a sequence would exceed the context length ${ctx}.`);
  const grown = needed > cache.capacity ? growCache(cache, batch * c.nHeads, bucketLength(needed, ctx)) : cache;
  const cap = grown.capacity;
  const plan = extendPlan(c, cap, batch, l, cursor, n);
  const pos = lookupRows(p.positionEmbedding, plan.positions);
  let x = tf.add(embedTokens(p, c, ids, false), pos) as tf.Tensor2D;
  const next: KvCache = { keys: [], values: [], capacity: cap };
  const shape4: [number, number, number, number] = [batch, c.nHeads, cap + 1, c.dModel / c.nHeads];
  p.layers.forEach((lp, i) => {
    const [q, k, v] = qkv(PLAIN_OPS, x, lp, weights.qkv[i] as QkvWeights[number]);
    const keys = tf.tensorScatterUpdate(grown.keys[i] as tf.Tensor2D, plan.rows, headRows(k, batch, c.nHeads));
    const values = tf.tensorScatterUpdate(grown.values[i] as tf.Tensor2D, plan.rows, headRows(v, batch, c.nHeads));
    next.keys.push(keys);
    next.values.push(values);
    const a = attend(
      PLAIN_OPS,
      splitHeads(q, batch, c.nHeads),
      tf.reshape(keys, shape4),
      tf.reshape(values, shape4),
      plan.bias,
      lp.wOut,
    );
    x = mlp(PLAIN_OPS, tf.add(x, a), lp);
  });
  // With one new token per sequence, row b is already sequence b's last.
  const lastRows = l === 1 ? x : tf.gather(x, plan.last);
  const h = norm(PLAIN_OPS, lastRows, p.lnFinalGain, p.lnFinalBias);
  return { cache: next, logits: tf.matMul(h, weights.head) };
}

/** The head as a [d, V] matrix: W_head, or Eᵀ when the embedding is tied. Call inside `tf.tidy`. */
function headMatrix(p: Params): tf.Tensor2D {
  return (p.head ?? tf.transpose(p.tokenEmbedding)) as tf.Tensor2D;
}

/** Weights the inference path derives from the parameters: the head as [d, V] and each layer's Q, K, V blocks. */
export interface InferenceWeights {
  head: tf.Tensor2D;
  qkv: QkvWeights;
}

/**
 * Derive them as new tensors (an untied head is cloned, so disposing the weights never disposes a
 * parameter). Call inside `tf.tidy`; keep them while the parameters are unchanged.
 */
export function inferenceWeights(p: Params): InferenceWeights {
  return { head: tf.clone(headMatrix(p)), qkv: p.layers.map((lp) => qkvBlocks(PLAIN_OPS, lp.wQkv)) };
}

/** Dispose every tensor of a cache. */
export function disposeCache(cache: KvCache): void {
  tf.dispose([...cache.keys, ...cache.values]);
}
