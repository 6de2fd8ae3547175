/**
 * Log-probabilities of given sequences and the policy-gradient training step (clipped surrogate +
 * k3 KL, AdamW with gradient-norm clipping). Rows are ragged on input and output; inside, they
 * are right-padded to a power-of-two length so shapes come from a small fixed set.
 */
import * as tf from '@tensorflow/tfjs';
import type { ClipBranch, LossAggregation } from '../core/loss';
import { type AdamW, type OptimizerSettings, flatten, globalNorm } from './adamw';
import type { ModelConfig } from './config';
import { forwardFull, oneHotFloat } from './forward';
import { bucketLength } from './kv-cache';
import type { Params } from './params';
import { BRANCH_CODES, aggregate, policyLoss } from './policy-loss';

export interface TrainBatch {
  /** Token ids of each full sequence (prompt, response, observations). */
  sequences: readonly (readonly number[])[];
  /** 1 where the token is trained on (the first token has no log-prob and must be 0). */
  lossMask: readonly (readonly number[])[];
  advantages: readonly (readonly number[])[];
  oldLogProbs: readonly (readonly number[])[];
  refLogProbs: readonly (readonly number[])[];
  /** Per-token weights multiplied into the mask; default all 1. */
  weights?: readonly (readonly number[])[];
}

export interface LossSettings {
  /** ρ is clipped below at 1 − epsLow: one value, or one per sequence. */
  epsLow: number | readonly number[];
  /** ρ is clipped above at 1 + epsHigh: one value, or one per sequence (ADPO's ε_high(s)). */
  epsHigh: number | readonly number[];
  dualClip: number | null;
  klCoef: number;
  aggregation: LossAggregation;
  /** H of `seq-mean-token-sum-norm`; default the longest sequence's length. */
  horizon?: number;
}

export interface TrainStats {
  /** pgLoss + klCoef · kl. */
  loss: number;
  pgLoss: number;
  kl: number;
  /** Token-mean entropy −Σ p log p of the policy over the masked tokens. */
  entropy: number;
  /** Global gradient norm before clipping. */
  gradNorm: number;
  /** Per token: ρ = π_θ / π_old. */
  ratios: number[][];
  branches: ClipBranch[][];
  /** Per token log π_θ (before the update). */
  logProbs: number[][];
  /** Set when the update was refused (non-finite loss or gradient); the weights were kept. */
  skipped?: string;
}

/** Branch names indexed by their code. */
const BRANCH_NAMES = (Object.entries(BRANCH_CODES) as [ClipBranch, number][])
  .sort((a, b) => a[1] - b[1])
  .map(([name]) => name);

/**
 * From logits [B, T, V] and ids [B, T]: logp[b, t] = log softmax(logits[b, t − 1])[ids[b, t]] and
 * entropy[b, t] = −Σ_v p log p of that distribution, for t ≥ 1; both 0 at t = 0.
 */
export function tokenLogProbs(logits: tf.Tensor3D, ids: tf.Tensor2D): { logp: tf.Tensor2D; entropy: tf.Tensor2D } {
  const [b, t, v] = logits.shape;
  const logSoft = tf.logSoftmax(tf.slice(logits, [0, 0, 0], [b, t - 1, v]));
  const targets = oneHotFloat(tf.reshape(tf.slice(ids, [0, 1], [b, t - 1]), [b * (t - 1)]) as tf.Tensor1D, v);
  const picked = tf.sum(tf.mul(logSoft, tf.reshape(targets, [b, t - 1, v])), -1);
  const entropy = tf.neg(tf.sum(tf.mul(tf.exp(logSoft), logSoft), -1));
  const pad = tf.zeros([b, 1]);
  return { logp: tf.concat([pad, picked], 1) as tf.Tensor2D, entropy: tf.concat([pad, entropy], 1) as tf.Tensor2D };
}

/** Rows right-padded with `fill` to [B, T] as a flat array. */
function padRows(
  rows: readonly (readonly number[])[],
  t: number,
  fill: number,
  what: string,
  lengths: readonly number[],
): Float32Array {
  if (rows.length !== lengths.length)
    throw new Error(`train: ${what} has ${rows.length} rows for ${lengths.length} sequences.`);
  const out = new Float32Array(rows.length * t).fill(fill);
  rows.forEach((r, b) => {
    if (r.length !== lengths[b])
      throw new Error(`train: ${what} row ${b} has ${r.length} entries for ${lengths[b]} tokens.`);
    out.set(r, b * t);
  });
  return out;
}

/** Ragged rows back from a flat [B, T] array. */
function unpad(flat: ArrayLike<number>, lengths: readonly number[], t: number): number[][] {
  return lengths.map((n, b) => Array.from({ length: n }, (_, i) => flat[b * t + i] as number));
}

function idsTensor(sequences: readonly (readonly number[])[], t: number, padId: number): tf.Tensor2D {
  const ids = new Int32Array(sequences.length * t).fill(padId);
  sequences.forEach((s, b) => ids.set(s, b * t));
  return tf.tensor2d(ids, [sequences.length, t], 'int32');
}

function paddedLength(sequences: readonly (readonly number[])[], c: ModelConfig): number {
  const longest = Math.max(2, ...sequences.map((s) => s.length));
  if (longest > c.contextLength)
    throw new Error(`train: a sequence has ${longest} tokens; the context is ${c.contextLength}.`);
  return bucketLength(longest, c.contextLength);
}

/** Token rows (B·T) per forward pass of `sequenceLogProbs`: a pass holds all its activations until it ends. */
const LOGPROB_ROWS = 2048;

/**
 * log π(s_t | s_<t) for every token of every sequence (0 at t = 0 and where mask = 0). Sequences
 * go through in passes of ⌊LOGPROB_ROWS / T⌋ (at least 1), the last one padded to the same size
 * so every pass has one shape; one read-back per pass.
 */
export async function sequenceLogProbs(
  p: Params,
  c: ModelConfig,
  padId: number,
  sequences: readonly (readonly number[])[],
  mask?: readonly (readonly number[])[],
): Promise<number[][]> {
  const lengths = sequences.map((s) => s.length);
  const t = paddedLength(sequences, c);
  const m = mask
    ? padRows(mask, t, 0, 'mask', lengths)
    : padRows(
        sequences.map((s) => s.map(() => 1)),
        t,
        0,
        'mask',
        lengths,
      );
  const per = Math.min(sequences.length, Math.max(1, Math.floor(LOGPROB_ROWS / t)));
  const data = new Float32Array(sequences.length * t);
  for (let start = 0; start < sequences.length; start += per) {
    const part = sequences.slice(start, start + per);
    const filler = Array.from({ length: per - part.length }, () => [padId]);
    const partMask = new Float32Array(per * t);
    partMask.set(m.subarray(start * t, (start + part.length) * t));
    const out = tf.tidy(() => {
      const ids = idsTensor([...part, ...filler], t, padId);
      const { logp } = tokenLogProbs(forwardFull(p, c, ids, false), ids);
      return tf.mul(logp, tf.tensor2d(partMask, [per, t]));
    });
    data.set(((await out.data()) as Float32Array).subarray(0, part.length * t), start * t);
    out.dispose();
  }
  return unpad(data, lengths, t);
}

function perSequence(x: number | readonly number[], batch: number, what: string): Float32Array {
  if (typeof x === 'number') return new Float32Array(batch).fill(x);
  if (x.length !== batch) throw new Error(`train: ${what} has ${x.length} values for ${batch} sequences.`);
  return Float32Array.from(x);
}

/**
 * One update: forward, loss (policyLoss), gradients and AdamW in one synchronous tf.tidy, then
 * one `await data()` for every statistic.
 */
export async function trainStep(
  p: Params,
  c: ModelConfig,
  padId: number,
  optimizer: AdamW,
  batch: TrainBatch,
  loss: LossSettings,
  optim: OptimizerSettings,
): Promise<TrainStats> {
  const n = batch.sequences.length;
  const lengths = batch.sequences.map((s) => s.length);
  const t = paddedLength(batch.sequences, c);
  const mask = padRows(batch.lossMask, t, 0, 'lossMask', lengths);
  if (batch.weights) {
    const w = padRows(batch.weights, t, 0, 'weights', lengths);
    for (let i = 0; i < mask.length; i++) mask[i] = (mask[i] as number) * (w[i] as number);
  }
  for (let b = 0; b < n; b++)
    if (mask[b * t] !== 0) throw new Error(`train: sequence ${b} masks in its first token, which has no log-prob.`);
  const adv = padRows(batch.advantages, t, 0, 'advantages', lengths);
  const old = padRows(batch.oldLogProbs, t, 0, 'oldLogProbs', lengths);
  const ref = padRows(batch.refLogProbs, t, 0, 'refLogProbs', lengths);
  const epsLow = perSequence(loss.epsLow, n, 'epsLow');
  const epsHigh = perSequence(loss.epsHigh, n, 'epsHigh');
  const horizon = loss.horizon ?? Math.max(...lengths);
  // Forward, loss and gradients in one tidy; the update waits for one read-back that shows the
  // loss and the gradients are finite, so a NaN never reaches the weights or the optimizer state.
  const held: { grads?: tf.Tensor1D; norm?: tf.Scalar } = {};
  const packed = tf.tidy(() => {
    const ids = idsTensor(batch.sequences, t, padId);
    const m = tf.tensor2d(mask, [n, t]);
    const aux: tf.Tensor[] = [];
    const { value, grads: g } = tf.variableGrads(() => {
      const { logp, entropy } = tokenLogProbs(forwardFull(p, c, ids, true), ids);
      const r = policyLoss({
        logp,
        oldLogp: tf.tensor2d(old, [n, t]),
        refLogp: tf.tensor2d(ref, [n, t]),
        advantages: tf.tensor2d(adv, [n, t]),
        mask: m,
        epsLow: tf.tensor2d(epsLow, [n, 1]),
        epsHigh: tf.tensor2d(epsHigh, [n, 1]),
        dualClip: loss.dualClip,
        klCoef: loss.klCoef,
        aggregation: loss.aggregation,
        horizon,
      });
      const ent = aggregate(entropy, m, 'token-mean', t);
      aux.push(...[r.pgLoss, r.kl, ent, r.ratio, r.branch, logp].map((x) => tf.keep(x)));
      return r.loss;
    }, p.all);
    const grads = flatten(p.all.map((v) => g[v.name] as tf.Tensor));
    const norm = globalNorm(grads);
    held.grads = tf.keep(grads);
    held.norm = tf.keep(norm);
    const [pg, kl, ent, ratio, branch, logp] = aux as [
      tf.Scalar,
      tf.Scalar,
      tf.Scalar,
      tf.Tensor,
      tf.Tensor,
      tf.Tensor,
    ];
    const out = tf.concat([
      tf.stack([value, pg, kl, ent, norm]),
      tf.reshape(ratio, [-1]),
      tf.reshape(branch, [-1]),
      tf.reshape(logp, [-1]),
    ]);
    tf.dispose(aux);
    return out;
  });
  const data = (await packed.data()) as Float32Array;
  packed.dispose();
  const finite = Number.isFinite(data[0]) && Number.isFinite(data[4]);
  const { grads, norm } = held as Required<typeof held>;
  if (finite) tf.tidy(() => optimizer.applyFlat(grads, norm, optim));
  tf.dispose([grads, norm]);
  const size = n * t;
  const block = (k: number): Float32Array => data.subarray(5 + k * size, 5 + (k + 1) * size);
  return {
    loss: data[0] as number,
    pgLoss: data[1] as number,
    kl: data[2] as number,
    entropy: data[3] as number,
    gradNorm: data[4] as number,
    ratios: unpad(block(0), lengths, t),
    branches: unpad(block(1), lengths, t).map((row) => row.map((code) => BRANCH_NAMES[code] as ClipBranch)),
    logProbs: unpad(block(2), lengths, t),
    ...(finite
      ? {}
      : { skipped: 'the loss or a gradient was not finite; the update was not applied and the weights are unchanged' }),
  };
}
