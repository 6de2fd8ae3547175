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
 * Key/value cache: per layer, keys and values as rows [B·H·(contextLength + 1), d/H], row
 * (b·H + h)·(contextLength + 1) + position. The extra last position of each sequence and head is
 * a scratch row: padded tokens write there, and no query attends to it.
 */
export type KvCache = {
  keys: tf.Tensor2D[];
  values: tf.Tensor2D[];
};

/** Rows of a [B, L, a] tensor as [B·L, a], and back. */
function rows(x: tf.Tensor3D): tf.Tensor2D {
  const [b, l, a] = x.shape;
  return tf.reshape(x, [b * l, a]);
}

/** LN over the last axis of [B, L, d] (see fast-ops `layerNorm`). */
function norm(ops: Ops, x: tf.Tensor3D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor3D {
  return tf.reshape(ops.layerNorm(rows(x), gain as tf.Tensor1D, bias as tf.Tensor1D), x.shape);
}

/** [B, L, a] · [a, b] as one untransposed 2-D product. */
function dense(ops: Ops, x: tf.Tensor3D, w: tf.Tensor): tf.Tensor3D {
  const [b, l] = x.shape;
  return tf.reshape(ops.linear(rows(x), w as tf.Tensor2D), [b, l, w.shape[1] as number]);
}

/** [B, L, a] · [a, b] + bias as one fused untransposed 2-D product. */
function denseBias(ops: Ops, x: tf.Tensor3D, w: tf.Tensor, bias: tf.Tensor): tf.Tensor3D {
  const [b, l] = x.shape;
  return tf.reshape(ops.affine(rows(x), w as tf.Tensor2D, bias as tf.Tensor1D), [b, l, w.shape[1] as number]);
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
    ? TAPED_OPS.linear(oneHotFloat(flat, c.vocabSize), p.tokenEmbedding as tf.Tensor2D)
    : tf.gather(p.tokenEmbedding, flat);
  return tf.reshape(embedded, [b, l, c.dModel]);
}

/** MLP half of a block: x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂. */
function mlp(ops: Ops, x: tf.Tensor3D, lp: LayerParams): tf.Tensor3D {
  const hidden = ops.gelu(denseBias(ops, norm(ops, x, lp.ln2Gain, lp.ln2Bias), lp.w1, lp.b1)) as tf.Tensor3D;
  return tf.add(x, denseBias(ops, hidden, lp.w2, lp.b2));
}

/** softmax(q·kᵀ/√dh + bias)·v, merged back to [B, L, d] and projected by W_out. */
function attend(
  ops: Ops,
  q: tf.Tensor4D,
  k: tf.Tensor4D,
  v: tf.Tensor4D,
  bias: tf.Tensor,
  wOut: tf.Tensor,
): tf.Tensor3D {
  const dh = q.shape[3];
  const scores = tf.add(tf.matMul(tf.mul(q, 1 / Math.sqrt(dh)), k, false, true), bias);
  return dense(ops, mergeHeads(tf.matMul(tf.softmax(scores), v)), wOut);
}

/** Final LN and head: [B, L, d] → [B, L, V]. */
function head(ops: Ops, p: Params, c: ModelConfig, x: tf.Tensor3D): tf.Tensor3D {
  const [b, l] = x.shape;
  const h = ops.layerNorm(rows(x), p.lnFinalGain as tf.Tensor1D, p.lnFinalBias as tf.Tensor1D);
  return tf.reshape(ops.linear(h, headMatrix(p)), [b, l, c.vocabSize]);
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
  const ops = differentiable ? TAPED_OPS : PLAIN_OPS;
  const bias = causalBias(t);
  for (const lp of p.layers) {
    const [q, k, v] = tf.split(dense(ops, norm(ops, x, lp.ln1Gain, lp.ln1Bias), lp.wQkv), 3, -1) as [
      tf.Tensor3D,
      tf.Tensor3D,
      tf.Tensor3D,
    ];
    const a = attend(ops, splitHeads(q, c.nHeads), splitHeads(k, c.nHeads), splitHeads(v, c.nHeads), bias, lp.wOut);
    x = mlp(ops, tf.add(x, a), lp);
  }
  return head(ops, p, c, x);
}

/** A zero cache for `batch` sequences. */
export function emptyCache(c: ModelConfig, batch: number): KvCache {
  const z = (): tf.Tensor2D => tf.zeros([batch * c.nHeads * (c.contextLength + 1), c.dModel / c.nHeads]);
  return { keys: Array.from({ length: c.nLayers }, z), values: Array.from({ length: c.nLayers }, z) };
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
  /** [B, 1, L, contextLength + 1]: 0 where key position ≤ cursor[b] + j and is not the scratch row, else −1e9. */
  bias: tf.Tensor4D;
  /** [B]: the row b·L + max(n[b] − 1, 0) of the last appended token. */
  last: tf.Tensor1D;
}

function extendPlan(
  c: ModelConfig,
  batch: number,
  l: number,
  cursor: readonly number[],
  n: readonly number[],
): ExtendPlan {
  const ctx = c.contextLength;
  const heads = c.nHeads;
  const rows = new Int32Array(batch * heads * l);
  const positions = new Int32Array(batch * l);
  const bias = new Float32Array(batch * l * (ctx + 1)).fill(MASKED);
  const last = new Int32Array(batch);
  for (let b = 0; b < batch; b++) {
    const start = cursor[b] as number;
    const count = n[b] as number;
    if (start + count > ctx) throw new Error(`forwardExtend: sequence ${b} would exceed the context length ${ctx}.`);
    for (let j = 0; j < l; j++) {
      positions[b * l + j] = Math.min(start + j, ctx - 1);
      bias.fill(0, (b * l + j) * (ctx + 1), (b * l + j) * (ctx + 1) + Math.min(start + j + 1, ctx));
      for (let h = 0; h < heads; h++) {
        const base = (b * heads + h) * (ctx + 1);
        rows[(b * heads + h) * l + j] = j < count ? base + start + j : base + ctx;
      }
    }
    last[b] = b * l + Math.max(0, count - 1);
  }
  return {
    rows: tf.tensor2d(rows, [batch * heads * l, 1], 'int32'),
    positions: tf.tensor1d(positions, 'int32'),
    bias: tf.tensor4d(bias, [batch, 1, l, ctx + 1]),
    last: tf.tensor1d(last, 'int32'),
  };
}

/** [B, L, d] keys or values → rows [B·H·L, d/H] in the cache's (b, h, j) order. */
function headRows(x: tf.Tensor3D, nHeads: number): tf.Tensor2D {
  const [b, l, d] = x.shape;
  return tf.reshape(splitHeads(x, nHeads), [b * nHeads * l, d / nHeads]);
}

/**
 * Append ids [B, L] to the cache: sequence b holds `cursor[b]` tokens and takes its first `n[b]`
 * new ones at positions cursor[b] + j (each layer's new key and value rows are scattered into the
 * cache in one kernel), and query j attends to key positions ≤ cursor[b] + j. `headT`, the head as
 * [d, V] (Eᵀ when tied), may be passed in to be reused across calls. The input cache is not
 * disposed. Call inside `tf.tidy`.
 */
export function forwardExtend(
  p: Params,
  c: ModelConfig,
  cache: KvCache,
  ids: tf.Tensor2D,
  cursor: readonly number[],
  n: readonly number[],
  headT?: tf.Tensor2D,
): ExtendResult {
  const [batch, l] = ids.shape;
  const ctx = c.contextLength;
  const plan = extendPlan(c, batch, l, cursor, n);
  const pos = tf.reshape(tf.gather(p.positionEmbedding, plan.positions), [batch, l, c.dModel]);
  let x = tf.add(embedTokens(p, c, ids, false), pos) as tf.Tensor3D;
  const next: KvCache = { keys: [], values: [] };
  const dh = c.dModel / c.nHeads;
  p.layers.forEach((lp, i) => {
    const [q, k, v] = tf.split(dense(PLAIN_OPS, norm(PLAIN_OPS, x, lp.ln1Gain, lp.ln1Bias), lp.wQkv), 3, -1) as [
      tf.Tensor3D,
      tf.Tensor3D,
      tf.Tensor3D,
    ];
    const keys = tf.tensorScatterUpdate(cache.keys[i] as tf.Tensor2D, plan.rows, headRows(k, c.nHeads));
    const values = tf.tensorScatterUpdate(cache.values[i] as tf.Tensor2D, plan.rows, headRows(v, c.nHeads));
    next.keys.push(keys);
    next.values.push(values);
    const shape4: [number, number, number, number] = [batch, c.nHeads, ctx + 1, dh];
    const a = attend(
      PLAIN_OPS,
      splitHeads(q, c.nHeads),
      tf.reshape(keys, shape4),
      tf.reshape(values, shape4),
      plan.bias,
      lp.wOut,
    );
    x = mlp(PLAIN_OPS, tf.add(x, a), lp);
  });
  const lastRows = tf.gather(rows(x), plan.last);
  const h = PLAIN_OPS.layerNorm(lastRows, p.lnFinalGain as tf.Tensor1D, p.lnFinalBias as tf.Tensor1D);
  const w = headT ?? headMatrix(p);
  return { cache: next, logits: tf.matMul(h, w) };
}

/** The head as a [d, V] matrix: W_head, or Eᵀ when the embedding is tied. Call inside `tf.tidy`. */
export function headMatrix(p: Params): tf.Tensor2D {
  return (p.head ?? tf.transpose(p.tokenEmbedding)) as tf.Tensor2D;
}

/** Dispose every tensor of a cache. */
export function disposeCache(cache: KvCache): void {
  tf.dispose([...cache.keys, ...cache.values]);
}
