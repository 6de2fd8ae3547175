/** Supervised next-token training (pre-training of the base model). */
import * as tf from '@tensorflow/tfjs';
import type { AdamW, OptimizerSettings } from '../adamw';
import type { ModelConfig } from '../config';
import { forwardFull } from '../forward';
import { bucketLength } from '../kv-cache';
import type { Params } from '../params';
import { tokenLogProbs } from '../train';

/**
 * One AdamW step on the mean negative log-likelihood L = −Σ_{b,t≥1} m_bt log π(s_t | s_<t) / Σ m_bt
 * where m is 1 on every real token after each sequence's first (padding excluded), or, when
 * `masks` is given, those masks (their first entry must be 0). Returns L before the update.
 */
export async function nllStep(
  p: Params,
  c: ModelConfig,
  padId: number,
  optimizer: AdamW,
  sequences: readonly (readonly number[])[],
  optim: OptimizerSettings,
  masks?: readonly (readonly number[])[],
): Promise<number> {
  const n = sequences.length;
  const longest = Math.max(2, ...sequences.map((s) => s.length));
  if (longest > c.contextLength)
    throw new Error(`nllStep: a sequence has ${longest} tokens; the context is ${c.contextLength}.`);
  const t = bucketLength(longest, c.contextLength);
  const ids = new Int32Array(n * t).fill(padId);
  const mask = new Float32Array(n * t);
  sequences.forEach((s, b) => {
    ids.set(s, b * t);
    const m = masks?.[b];
    if (masks && (!m || m.length !== s.length || m[0] !== 0))
      throw new Error(`nllStep: mask ${b} must have one entry per token and start with 0.`);
    if (m) mask.set(m, b * t);
    else mask.fill(1, b * t + 1, b * t + s.length);
  });
  const loss = tf.tidy(() => {
    const idsT = tf.tensor2d(ids, [n, t], 'int32');
    const m = tf.tensor2d(mask, [n, t]);
    const { value, grads } = tf.variableGrads(() => {
      const logp = tokenLogProbs(forwardFull(p, c, idsT, true), idsT);
      return tf.div(
        tf.neg(tf.sum(tf.mul(logp, m))),
        Math.max(
          1,
          mask.reduce((a, b) => a + b, 0),
        ),
      ) as tf.Scalar;
    }, p.all);
    optimizer.apply(
      p.all.map((v) => grads[v.name] as tf.Tensor),
      optim,
    );
    return value;
  });
  const value = (await loss.data())[0] as number;
  loss.dispose();
  return value;
}
