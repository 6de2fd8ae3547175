/**
 * The decoder-only transformer's forward pass over whole sequences, and the blocks the cached
 * decoder (decode.ts) shares with it. Pre-norm blocks:
 *   x ← x + Attn(LN₁(x)),  x ← x + W₂·gelu(W₁·LN₂(x) + b₁) + b₂,
 * then a final LN and the head (logits = h·Eᵀ when tied, h·W_head otherwise). Activations are
 * rows [B·L, d]. `forwardFull` serves training, log-probs and the uncached reference of
 * generation. Call inside `tf.tidy`.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { type Ops, TAPED_OPS } from './kernels/fast-ops';
import { opsFor } from './kernels/fused-ops';
import { MASKED } from './kv-cache';
import { rowsGather, rowsGatherTakes } from './kernels/wasm-rows-gather';
import type { LayerParams, Params } from './params';

/** [B·L, d] rows → [B, H, L, d/H] (for L = 1 the same data: a relabelling, no transpose). */
export function splitHeads(x: tf.Tensor2D, b: number, nHeads: number): tf.Tensor4D {
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
 * Token embedding. Differentiable path: one-hot(ids)·E by `taped` (the WASM backend has no gradient
 * for gather); inference path: gather, which gives the same numbers.
 */
export function embedTokens(
  p: Params,
  c: ModelConfig,
  ids: tf.Tensor2D,
  differentiable: boolean,
  taped: Ops = TAPED_OPS,
): tf.Tensor2D {
  const [b, l] = ids.shape;
  const flat = tf.reshape(ids, [b * l]) as tf.Tensor1D;
  return differentiable
    ? taped.linear(oneHotFloat(flat, c.vocabSize), p.tokenEmbedding as tf.Tensor2D)
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
  return ops.residual(x, hidden, lp.w2 as tf.Tensor2D, lp.b2 as tf.Tensor1D);
}

/**
 * Column block j ∈ {0, 1, 2} (query, key, value) of W_qkv [d, 3d]: W_qkv[:, j·d … (j+1)·d − 1], a
 * slice (on WASM, d runs of d numbers copied where W_qkv lies: kernels/wasm-slice.ts). Its gradient
 * is the block's gradient padded with zeros into [d, 3d]. (It was W_qkv·S_j with S_j the 0/1
 * selector of those columns, a product that copies exactly: tfjs-wasm's own Slice copied all of its
 * input first, and a new 0/1 matrix per block and pass cost 0.1 s of a classroom iteration in
 * Chromium, where fresh memory is slow to write.)
 */
export function qkvBlocks(wQkv: tf.Tensor): [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D] {
  const d = wQkv.shape[0] as number;
  const block = (j: number): tf.Tensor2D => tf.slice(wQkv as tf.Tensor2D, [0, j * d], [d, d]);
  return [block(0), block(1), block(2)];
}

type Heads = [tf.Tensor4D, tf.Tensor4D, tf.Tensor4D];

/** Q, K and V heads [B, H, L, d/H] of rows h [B·L, d], one product per column block of W_qkv (`qkvBlocks`). */
function qkvHeads(ops: Ops, h: tf.Tensor2D, lp: LayerParams, b: number, nHeads: number): Heads {
  return qkvBlocks(lp.wQkv).map((wj) => splitHeads(ops.linear(h, wj), b, nHeads)) as Heads;
}

/** What a block's attention needs besides its input: sequences, heads, σ = 1/√dh, the causal bias (composed path only). */
interface AttentionShape {
  b: number;
  heads: number;
  scale: number;
  bias: tf.Tensor2D | null;
}

/**
 * The attention half's rows [B·L, d] before W_out, for LN₁(x) of rows x [B·L, d]: with
 * `ops.causalAttention`, of the one product LN₁(x)·W_qkv; otherwise `attention` of `qkvHeads`.
 */
function selfAttention(ops: Ops, x: tf.Tensor2D, lp: LayerParams, a: AttentionShape): tf.Tensor2D {
  const h = norm(ops, x, lp.ln1Gain, lp.ln1Bias);
  if (ops.causalAttention) {
    const sizes = { seq: h.shape[0] / a.b, heads: a.heads, scale: a.scale };
    return ops.causalAttention(ops.linear(h, lp.wQkv as tf.Tensor2D), sizes);
  }
  const [q, k, v] = qkvHeads(ops, h, lp, a.b, a.heads);
  return attention(tf.mul(q, a.scale), k, v, a.bias as tf.Tensor2D);
}

/**
 * Embedding rows table[ids] [m, d] for inference. On WASM a block copy per row (rowsGather:
 * tfjs-wasm's gather reads its indices out of the heap first, 28 µs for a token step's 8 rows);
 * elsewhere `gather` for a few rows and the product one-hot(ids)·table for many. The product
 * gives the rows' own numbers (1·x plus zeros), so every way gives the same rows.
 */
export function lookupRows(table: tf.Tensor, ids: tf.Tensor1D): tf.Tensor2D {
  const [rows, d] = table.shape as [number, number];
  if (rowsGatherTakes(ids)) return rowsGather(table as tf.Tensor2D, ids);
  if (ids.shape[0] < 32) return tf.gather(table, ids) as tf.Tensor2D;
  return tf.reshape(tf.matMul(oneHotFloat(ids, rows), table as tf.Tensor2D), [ids.shape[0], d]);
}

/** softmax(q·kᵀ + bias)·v for queries already scaled by 1/√dh, merged back to rows [B·L, d]. */
export function attention(q: tf.Tensor4D, k: tf.Tensor4D, v: tf.Tensor4D, bias: tf.Tensor): tf.Tensor2D {
  return mergeHeads(tf.matMul(tf.softmax(tf.add(tf.matMul(q, k, false, true), bias)), v));
}

/** The input rows [B·T, d]: token embedding plus position embedding of ids [B, T]. */
function inputRows(p: Params, c: ModelConfig, ids: tf.Tensor2D, differentiable: boolean, ops: Ops): tf.Tensor2D {
  const [b, t] = ids.shape;
  if (ops.embed) return ops.embed(p.tokenEmbedding as tf.Tensor2D, p.positionEmbedding as tf.Tensor2D, ids);
  const embedded = tf.reshape(embedTokens(p, c, ids, differentiable, ops), [b, t, c.dModel]);
  const positions = tf.slice(p.positionEmbedding, [0, 0], [t, c.dModel]);
  return tf.reshape(tf.add(embedded, positions), [b * t, c.dModel]) as tf.Tensor2D;
}

/** Final LN and head: rows [m, d] → [m, V]. */
function head(ops: Ops, p: Params, x: tf.Tensor2D): tf.Tensor2D {
  const h = norm(ops, x, p.lnFinalGain, p.lnFinalBias);
  return p.head ? ops.linear(h, p.head as tf.Tensor2D) : ops.linearT(h, p.tokenEmbedding as tf.Tensor2D);
}

/** Additive causal bias [T, T]: 0 where key ≤ query, −1e9 above the diagonal. */
function causalBias(t: number): tf.Tensor2D {
  const bias = new Float32Array(t * t);
  for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) bias[i * t + j] = MASKED;
  return tf.tensor2d(bias, [t, t]);
}

/**
 * Logits of every position of whole sequences: ids [B, T] (T ≤ contextLength, position t at
 * index t) → [B, T, V], where row t predicts token t + 1. `fused`: the blocks of fused-ops.ts
 * (WebGPU's fused kernels, where registered) rather than fast-ops.ts's.
 */
export function forwardFull(
  p: Params,
  c: ModelConfig,
  ids: tf.Tensor2D,
  differentiable: boolean,
  fused?: boolean,
): tf.Tensor3D {
  const [b, t] = ids.shape;
  if (t > c.contextLength) throw new Error(`forwardFull: ${t} tokens exceed the context length ${c.contextLength}.`);
  const ops = opsFor(differentiable, fused);
  let x = inputRows(p, c, ids, differentiable, ops);
  const shape: AttentionShape = {
    b,
    heads: c.nHeads,
    scale: 1 / Math.sqrt(c.dModel / c.nHeads),
    bias: ops.causalAttention ? null : causalBias(t),
  };
  for (const lp of p.layers) {
    const a = selfAttention(ops, x, lp, shape);
    x = mlp(ops, ops.residual(x, a, lp.wOut as tf.Tensor2D), lp);
  }
  return tf.reshape(head(ops, p, x), [b, t, c.vocabSize]);
}

/** The head as a [d, V] matrix: W_head, or Eᵀ when the embedding is tied. Call inside `tf.tidy`. */
export function headMatrix(p: Params): tf.Tensor2D {
  return (p.head ?? tf.transpose(p.tokenEmbedding)) as tf.Tensor2D;
}

/**
 * Logits after the last token of each row (token ids), by a full forward pass over the context
 * padded with `padId`: generation's reference path, which the key/value cache must equal.
 */
export function lastTokenLogits(p: Params, c: ModelConfig, padId: number, rows: readonly number[][]): tf.Tensor2D {
  const { contextLength, vocabSize } = c;
  const batch = rows.length;
  const ids = new Int32Array(batch * contextLength).fill(padId);
  const last = new Int32Array(batch);
  rows.forEach((r, b) => {
    const row = r.slice(0, contextLength);
    ids.set(row, b * contextLength);
    last[b] = b * contextLength + Math.max(0, row.length - 1);
  });
  return tf.tidy(() => {
    const all = forwardFull(p, c, tf.tensor2d(ids, [batch, contextLength], 'int32'), false);
    return tf.gather(tf.reshape(all, [batch * contextLength, vocabSize]), tf.tensor1d(last, 'int32')) as tf.Tensor2D;
  });
}
