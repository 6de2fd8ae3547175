/**
 * A check the fused generation kernels (webgpu-decode.ts) pass before they are used: a WGSL program
 * the browser's compiler rejects does not throw in tfjs, it leaves its output unwritten, so a
 * browser whose WebGPU reads WGSL differently would otherwise draw tokens from garbage. Run once
 * when WebGPU becomes the backend (backend.ts): a tiny random model extends a cache twice (a padded
 * block of two tokens, then one token each) and draws from random logits, by the fused kernels and
 * by tfjs's own on the same backend. On any difference past 1e-3 (logits) or in a drawn id, the
 * fused kernels are unregistered and generation keeps tfjs's kernels.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from '../config';
import { forwardExtend, inferenceWeights } from '../decode';
import { type KvCache, disposeCache, emptyCache } from '../kv-cache';
import { createParams, disposeParams } from '../params';
import { sampleTokens } from '../sampling';
import { FUSED_KERNELS, fusedDecodeAvailable } from '../kernels/fused-decode-ops';

/** The tiny model of the start-up checks (this one and fused-train-check.ts). */
export const CHECK_MODEL: ModelConfig = {
  vocabSize: 16,
  dModel: 8,
  nLayers: 1,
  nHeads: 2,
  dFf: 16,
  contextLength: 8,
  tiedEmbeddings: true,
};

/** Logits of two cache extensions [2 rows each], by the fused kernels or not. */
async function extensions(fused: boolean, seed: number): Promise<number[]> {
  const p = createParams(CHECK_MODEL, 1);
  // Inside the tidy the drawn values are freed once the variable holds its own reference to them.
  p.all.forEach((v, i) => tf.tidy(() => v.assign(tf.randomNormal(v.shape, 0, 0.5, 'float32', seed + i))));
  let cache: KvCache = emptyCache(CHECK_MODEL, 2, 4);
  const out: number[] = [];
  for (const [ids, cursor, n] of [
    [
      [
        [1, 2],
        [3, 0],
      ],
      [0, 0],
      [2, 1],
    ],
    [
      [[4], [5]],
      [2, 1],
      [1, 1],
    ],
  ] as const) {
    const step = tf.tidy(() => {
      const r = forwardExtend(
        p,
        CHECK_MODEL,
        cache,
        tf.tensor2d(
          ids.map((row) => [...row]),
          undefined,
          'int32',
        ),
        cursor,
        n,
        inferenceWeights(p, CHECK_MODEL),
        fused,
      );
      return { logits: r.logits, keys: r.cache.keys, values: r.cache.values };
    });
    cache = { keys: step.keys, values: step.values, capacity: 4 };
    out.push(...(await step.logits.data()));
    step.logits.dispose();
  }
  disposeCache(cache);
  disposeParams(p);
  return out;
}

/** Ids drawn from random logits [4, 16] at temperature 0.7, by the fused draw or tfjs's kernels. */
async function draws(fused: boolean): Promise<number[]> {
  const ids = tf.tidy(() => {
    const logits = tf.randomNormal([4, 16], 0, 2, 'float32', 11) as tf.Tensor2D;
    const u = tf.tensor1d([0.1, 0.4, 0.7, 0.95]);
    return sampleTokens(logits, u, { temperature: 0.7 }, fused);
  });
  const out = Array.from(await ids.data());
  ids.dispose();
  return out;
}

/**
 * Null when the fused kernels agree with tfjs's own (or are not registered for this backend);
 * otherwise the reason, after unregistering them.
 */
export async function checkFusedDecode(): Promise<string | null> {
  if (!fusedDecodeAvailable()) return null;
  let reason: string | null = null;
  try {
    const [fused, own] = [await extensions(true, 3), await extensions(false, 3)];
    const worst = Math.max(...fused.map((x, i) => Math.abs(x - (own[i] as number))));
    if (!(worst <= 1e-3)) reason = `the fused forward pass differs from tfjs's by ${worst}`;
  } catch (err) {
    reason = `the fused forward pass failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (reason === null) {
    const [fused, own] = [await draws(true), await draws(false)];
    if (fused.join() !== own.join()) reason = `the fused draw gave ids ${fused.join()} where tfjs's gave ${own.join()}`;
  }
  if (reason !== null) for (const name of FUSED_KERNELS) tf.unregisterKernel(name, tf.getBackend());
  return reason;
}
