/**
 * Generation's forward pass: tokens appended to a key/value cache (kv-cache.ts), with weights
 * derived once per set of parameters. Every layer norm that feeds a product is folded into it,
 * LN(x)·W = x̂·(diag(g)·W) + β·W, so the pass computes x̂ alone; the query weights also carry
 * 1/√dh. The logits equal forwardFull's up to float rounding (tests/unit/model/generate.test.ts).
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { PLAIN_OPS, standardise } from './kernels/fast-ops';
import { attention, embedTokens, headMatrix, lookupRows, qkvBlocks, splitHeads } from './forward';
import {
  affineResidual,
  cacheWrite,
  cachedAttention,
  embed,
  fusedDecodeAvailable,
  normAffine,
} from './kernels/fused-decode-ops';
import { type KvCache, bucketLength, extendPlan, feedPlan, grownTensor } from './kv-cache';
import { cacheRowsWrite } from './kernels/wasm-cache-write';
import type { Params } from './params';

/** A product with a layer norm folded in: LN(x)·W + b = x̂·w + bias. */
interface Folded {
  w: tf.Tensor2D;
  bias: tf.Tensor1D;
}

/** What the cached pass reads instead of the raw parameters. */
export interface InferenceWeights {
  layers: { q: Folded; k: Folded; v: Folded; mlpIn: Folded }[];
  head: Folded;
}

/**
 * The layer norm (gain g, bias β) folded into the product with W [d, n] and bias b (none: 0),
 * scaled by s: w = s·diag(g)·W, bias = s·(β·W + b).
 */
function fold(gain: tf.Tensor, beta: tf.Tensor, w: tf.Tensor2D, b: tf.Tensor | null, s = 1): Folded {
  const [d, n] = w.shape;
  const shifted = tf.reshape(tf.matMul(tf.reshape(beta, [1, d]), w), [n]);
  return {
    w: tf.mul(tf.mul(tf.reshape(gain, [d, 1]), w), s) as tf.Tensor2D,
    bias: tf.mul(b ? tf.add(shifted, b) : shifted, s) as tf.Tensor1D,
  };
}

/**
 * Derive the weights as new tensors (never a parameter itself). Call inside `tf.tidy`; keep them
 * while the parameters are unchanged.
 */
export function inferenceWeights(p: Params, c: ModelConfig): InferenceWeights {
  const scale = 1 / Math.sqrt(c.dModel / c.nHeads);
  return {
    layers: p.layers.map((lp) => {
      const [wq, wk, wv] = qkvBlocks(lp.wQkv);
      return {
        q: fold(lp.ln1Gain, lp.ln1Bias, wq, null, scale),
        k: fold(lp.ln1Gain, lp.ln1Bias, wk, null),
        v: fold(lp.ln1Gain, lp.ln1Bias, wv, null),
        mlpIn: fold(lp.ln2Gain, lp.ln2Bias, lp.w1 as tf.Tensor2D, lp.b1),
      };
    }),
    head: fold(p.lnFinalGain, p.lnFinalBias, headMatrix(p), null),
  };
}

/** Every tensor of the weights, in a fixed order (`fromList` reads it back). */
function weightList(w: InferenceWeights): tf.Tensor[] {
  const pair = (f: Folded): tf.Tensor[] => [f.w, f.bias];
  return [...pair(w.head), ...w.layers.flatMap((l) => [l.q, l.k, l.v, l.mlpIn].flatMap(pair))];
}

/** The weights back from `weightList`'s order. */
function fromList(list: readonly tf.Tensor[]): InferenceWeights {
  const folded = (i: number): Folded => ({ w: list[i] as tf.Tensor2D, bias: list[i + 1] as tf.Tensor1D });
  const layers = Array.from({ length: (list.length - 2) / 8 }, (_, i) => {
    const at = 2 + 8 * i;
    return { q: folded(at), k: folded(at + 2), v: folded(at + 4), mlpIn: folded(at + 6) };
  });
  return { head: folded(0), layers };
}

/**
 * The inference weights of one model, derived again only when a parameter has changed (assign
 * swaps a variable's data, so the data ids tell). Owned by the model and shared by its
 * generations; `dispose` frees them.
 */
export class DerivedWeights {
  private held: { of: object[]; value: InferenceWeights } | null = null;

  constructor(
    private readonly params: Params,
    private readonly config: ModelConfig,
  ) {}

  /** The current weights (kept outside any tidy: they outlive the pass that asks for them). */
  current(): InferenceWeights {
    const of = this.params.all.map((v) => v.dataId);
    if (!this.held || this.held.of.some((id, i) => id !== of[i])) {
      this.dispose();
      const list = tf.tidy(() => weightList(inferenceWeights(this.params, this.config)).map((t) => tf.keep(t)));
      this.held = { of, value: fromList(list) };
    }
    return this.held.value;
  }

  dispose(): void {
    if (this.held) tf.dispose(weightList(this.held.value));
    this.held = null;
  }
}

const affine = (x: tf.Tensor2D, f: Folded): tf.Tensor2D => PLAIN_OPS.affine(x, f.w, f.bias);

export type ExtendResult = {
  cache: KvCache;
  /** [B, V]: logits after the last appended token of each sequence (meaningless where n = 0). */
  logits: tf.Tensor2D;
};

/** Key or value rows [B·L, d] → rows [B·H·L, d/H] in the cache's (b, h, j) order. */
function headRows(x: tf.Tensor2D, b: number, nHeads: number): tf.Tensor2D {
  const [rows, d] = x.shape;
  const heads = rows === b ? x : splitHeads(x, b, nHeads);
  return tf.reshape(heads, [rows * nHeads, d / nHeads]);
}

/**
 * Append ids [B, L] to the cache: sequence b holds `cursor[b]` tokens and takes its first `n[b]`
 * new ones at positions cursor[b] + j (each layer's new key and value rows are scattered into the
 * cache, one kernel each), and query j attends to key positions ≤ cursor[b] + j. `weights`
 * (`inferenceWeights`) may be passed in to be reused across calls. When a sequence needs more
 * room than the cache has, the result is a grown cache (capacity the next power of two, at most
 * the context length). The input cache is consumed: each of its tensors (and its grown copy) is
 * disposed once its successor is written, so a step never holds two whole caches; a B = 288
 * step that grew the cache from 64 to 128 positions held three. `fused` (where the backend has
 * them: WebGPU) computes the same with the fused kernels (`fusedExtend`). Call inside `tf.tidy`.
 */
export function forwardExtend(
  p: Params,
  c: ModelConfig,
  cache: KvCache,
  ids: tf.Tensor2D,
  cursor: readonly number[],
  n: readonly number[],
  weights: InferenceWeights = inferenceWeights(p, c),
  fused = fusedDecodeAvailable(),
): ExtendResult {
  const batch = ids.shape[0];
  const ctx = c.contextLength;
  const needed = Math.max(...cursor.map((start, b) => start + (n[b] as number)));
  if (needed > ctx) throw new Error(`forwardExtend: a sequence would exceed the context length ${ctx}.`);
  const blocks = batch * c.nHeads;
  const cap = needed > cache.capacity ? bucketLength(needed, ctx) : cache.capacity;
  /** Writes one cache tensor's successor from it (grown first when the capacity grew), then frees it. */
  const write = (cached: tf.Tensor2D, into: (room: tf.Tensor2D) => tf.Tensor2D): tf.Tensor2D => {
    const room = cap > cache.capacity ? grownTensor(cached, blocks, cache.capacity, cap) : cached;
    const written = into(room);
    tf.dispose(room === cached ? cached : [cached, room]);
    return written;
  };
  const step = { p, c, cache, ids, cursor, n, weights, cap, write };
  return fused ? fusedExtend(step) : composedExtend(step);
}

/** What both ways of extending the cache take: forwardExtend's arguments, the capacity and the cache writer. */
export interface ExtendStep {
  p: Params;
  c: ModelConfig;
  cache: KvCache;
  ids: tf.Tensor2D;
  cursor: readonly number[];
  n: readonly number[];
  weights: InferenceWeights;
  cap: number;
  write: (cached: tf.Tensor2D, into: (room: tf.Tensor2D) => tf.Tensor2D) => tf.Tensor2D;
}

/** forwardExtend with tfjs's own kernels (every backend). */
function composedExtend({ p, c, cache, ids, cursor, n, weights, cap, write }: ExtendStep): ExtendResult {
  const [batch, l] = ids.shape;
  const plan = extendPlan(c, cap, batch, l, cursor, n);
  let x = tf.add(embedTokens(p, c, ids, false), lookupRows(p.positionEmbedding, plan.positions)) as tf.Tensor2D;
  const next: KvCache = { keys: [], values: [], capacity: cap };
  const shape4: [number, number, number, number] = [batch, c.nHeads, cap + 1, c.dModel / c.nHeads];
  const scatter = (rows: tf.Tensor2D) => (room: tf.Tensor2D) =>
    cacheRowsWrite(room, plan.rows, headRows(rows, batch, c.nHeads));
  p.layers.forEach((lp, i) => {
    const w = weights.layers[i] as InferenceWeights['layers'][number];
    const h = standardise(x);
    const keys = write(cache.keys[i] as tf.Tensor2D, scatter(affine(h, w.k)));
    const values = write(cache.values[i] as tf.Tensor2D, scatter(affine(h, w.v)));
    next.keys.push(keys);
    next.values.push(values);
    const q = splitHeads(affine(h, w.q), batch, c.nHeads);
    const a = attention(q, tf.reshape(keys, shape4), tf.reshape(values, shape4), plan.bias);
    x = tf.add(x, PLAIN_OPS.linear(a, lp.wOut as tf.Tensor2D));
    const hidden = PLAIN_OPS.gelu(affine(standardise(x), w.mlpIn)) as tf.Tensor2D;
    x = tf.add(x, PLAIN_OPS.affine(hidden, lp.w2 as tf.Tensor2D, lp.b2 as tf.Tensor1D));
  });
  // With one new token per sequence, row b is already sequence b's last.
  const last = l === 1 ? x : (tf.gather(x, plan.last) as tf.Tensor2D);
  return { cache: next, logits: affine(standardise(last), weights.head) };
}

/**
 * forwardExtend with the fused kernels of kernels/webgpu-decode.ts: per layer one dispatch each for
 * the key and the value cache write (layer norm, product and write), the queries, attention against
 * the cache, the output projection with its residual, the MLP's first product with its gelu, and
 * its second with the residual; one for the embedding and one for the head. The same numbers as
 * the composed pass up to float rounding (tests/e2e/model-webgpu.spec.ts). Call inside `tf.tidy`.
 */
function fusedExtend({ p, c, cache, ids, cursor, n, weights, cap, write }: ExtendStep): ExtendResult {
  const [batch, l] = ids.shape;
  const plan = feedPlan(c, batch, l, cursor, n);
  const spans = tf.tensor2d([...cursor, ...n], [2, batch], 'int32');
  const heads = c.nHeads;
  let x = embed(
    p.tokenEmbedding as tf.Tensor2D,
    p.positionEmbedding as tf.Tensor2D,
    tf.reshape(ids, [batch * l]),
    plan.positions,
  );
  const next: KvCache = { keys: [], values: [], capacity: cap };
  p.layers.forEach((lp, i) => {
    const w = weights.layers[i] as InferenceWeights['layers'][number];
    const rows = x;
    const keys = write(cache.keys[i] as tf.Tensor2D, (room) =>
      cacheWrite(room, rows, w.k.w, w.k.bias, spans, heads, cap),
    );
    const values = write(cache.values[i] as tf.Tensor2D, (room) =>
      cacheWrite(room, rows, w.v.w, w.v.bias, spans, heads, cap),
    );
    next.keys.push(keys);
    next.values.push(values);
    const a = cachedAttention(normAffine(x, w.q.w, w.q.bias), keys, values, spans, heads, cap);
    x = affineResidual(x, a, lp.wOut as tf.Tensor2D);
    x = affineResidual(x, normAffine(x, w.mlpIn.w, w.mlpIn.bias, true), lp.w2 as tf.Tensor2D, lp.b2 as tf.Tensor1D);
  });
  const last = l === 1 ? x : (tf.gather(x, plan.last) as tf.Tensor2D);
  return { cache: next, logits: normAffine(last, weights.head.w, weights.head.bias) };
}
