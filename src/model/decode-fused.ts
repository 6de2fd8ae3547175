/**
 * forwardExtend (decode.ts) with the fused kernels of kernels/webgpu-decode.ts: per layer one
 * dispatch each for the key and the value cache write (layer norm, product and write), the
 * queries, attention against the cache, the output projection with its residual, the MLP's first
 * product with its gelu, and its second with the residual; one for the embedding and one for the
 * head. The same numbers as the composed pass up to float rounding (tests/e2e/model-webgpu.spec.ts).
 */
import * as tf from '@tensorflow/tfjs';
import type { ExtendResult, ExtendStep, InferenceWeights } from './decode';
import { affineResidual, cacheWrite, cachedAttention, embed, normAffine } from './kernels/fused-decode-ops';
import { type KvCache, feedPlan } from './kv-cache';

/** forwardExtend on the fused kernels. Call inside `tf.tidy`. */
export function fusedExtend({ p, c, cache, ids, cursor, n, weights, cap, write }: ExtendStep): ExtendResult {
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
