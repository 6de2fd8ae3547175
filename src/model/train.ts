/**
 * Log-probabilities of given sequences and the policy-gradient training step (clipped surrogate +
 * k3 KL, AdamW with gradient-norm clipping). Rows are ragged on input and output; inside, they
 * are right-padded to a power-of-two length so shapes come from a small fixed set.
 */
import * as tf from '@tensorflow/tfjs';
import { type ClipBranch, type LossAggregation, aggregationWeights } from '../core/loss';
import type { Rng } from '../core/random';
import { type AdamW, type OptimizerSettings, flatten, globalNorm } from './adamw';
import type { ModelConfig } from './config';
import { forwardFull, oneHotFloat } from './forward';
import { fusedTrainingAvailable, tokenLogProbsGrad, tokenLogProbsKernel } from './kernels/fused-train-ops';
import { bucketLength } from './kv-cache';
import type { Params } from './params';
import { type Pass, type PassLimit, cutPasses, passRows, sequencesPerPass } from './passes';
import { BRANCH_CODES, packedLoss, packedPolicyLoss, weightedSum } from './policy-loss';

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
 * logp[b, t] = log softmax(logits[b, t − 1])[ids[b, t]] for logits [B, T, V] and ids [B, T], and
 * with `entropy` also −Σ_v p log p of that distribution; both 0 at t = 0. tfjs's kernels.
 */
function composedLogProbs(logits: tf.Tensor3D, ids: tf.Tensor2D, entropy: boolean) {
  const [b, t, v] = logits.shape;
  const logSoft = tf.logSoftmax(tf.slice(logits, [0, 0, 0], [b, t - 1, v]));
  const targets = oneHotFloat(tf.reshape(tf.slice(ids, [0, 1], [b, t - 1]), [b * (t - 1)]) as tf.Tensor1D, v);
  const picked = tf.sum(tf.mul(logSoft, tf.reshape(targets, [b, t - 1, v])), -1);
  const pad = tf.zeros([b, 1]);
  const padded = (x: tf.Tensor) => tf.concat([pad, x], 1) as tf.Tensor2D;
  return {
    logp: padded(picked),
    entropy: entropy ? padded(tf.neg(tf.sum(tf.mul(tf.exp(logSoft), logSoft), -1))) : null,
  };
}

/** The same log-probs by WebGPU's fused kernel (one dispatch, and one for its gradient). */
function fusedLogProbs(logits: tf.Tensor3D, ids: tf.Tensor2D): tf.Tensor2D {
  return tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const z = args[0] as tf.Tensor3D;
    (args[1] as tf.GradSaveFunc)([z]);
    return {
      value: tokenLogProbsKernel(z, ids, false),
      gradFunc: (dy: tf.Tensor, [sz]: tf.Tensor[]) => [tokenLogProbsGrad(sz as tf.Tensor3D, ids, dy as tf.Tensor2D)],
    };
  })(logits) as tf.Tensor2D;
}

/**
 * From logits [B, T, V] and ids [B, T]: logp[b, t] = log softmax(logits[b, t − 1])[ids[b, t]] for
 * t ≥ 1, 0 at t = 0. `fused`: WebGPU's kernels.
 */
export function tokenLogProbs(logits: tf.Tensor3D, ids: tf.Tensor2D, fused = fusedTrainingAvailable()): tf.Tensor2D {
  return fused ? fusedLogProbs(logits, ids) : composedLogProbs(logits, ids, false).logp;
}

/**
 * `tokenLogProbs` and the entropy −Σ_v p log p of the same distributions (a statistic of a training
 * pass, not differentiated; one more dispatch on WebGPU).
 */
export function tokenLogProbsAndEntropy(
  logits: tf.Tensor3D,
  ids: tf.Tensor2D,
  fused = fusedTrainingAvailable(),
): { logp: tf.Tensor2D; entropy: tf.Tensor2D } {
  if (fused) return { logp: fusedLogProbs(logits, ids), entropy: tokenLogProbsKernel(logits, ids, true) };
  const { logp, entropy } = composedLogProbs(logits, ids, true);
  return { logp, entropy: entropy as tf.Tensor2D };
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

/** The ids [size, t] of one pass: its sequences, then one-token filler rows, padded with `padId`. */
function passIds(sequences: readonly (readonly number[])[], pass: Pass, t: number, padId: number): tf.Tensor2D {
  const filler = Array.from({ length: pass.size - pass.count }, () => [padId]);
  return idsTensor([...sequences.slice(pass.start, pass.start + pass.count), ...filler], t, padId);
}

function paddedLength(sequences: readonly (readonly number[])[], c: ModelConfig): number {
  const longest = Math.max(2, ...sequences.map((s) => s.length));
  if (longest > c.contextLength)
    throw new Error(`train: a sequence has ${longest} tokens; the context is ${c.contextLength}.`);
  return bucketLength(longest, c.contextLength);
}

/** Passes of `sequenceLogProbs` (forward only). */
const LOGPROB_PASS: PassLimit = { rows: 2048, scores: 2 ** 19 };

/**
 * log π(s_t | s_<t) for every token of every sequence (0 at t = 0 and where mask = 0). Sequences
 * go through in passes (`cutPasses`) within LOGPROB_PASS; one read-back per pass.
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
  const data = new Float32Array(sequences.length * t);
  for (const pass of cutPasses(sequences.length, sequencesPerPass(t, c.nHeads, LOGPROB_PASS))) {
    const out = tf.tidy(() => {
      const ids = passIds(sequences, pass, t, padId);
      const logp = tokenLogProbs(forwardFull(p, c, ids, false), ids);
      return tf.mul(logp, passRows(m, t, pass));
    });
    data.set(((await out.data()) as Float32Array).subarray(0, pass.count * t), pass.start * t);
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
 * The passes' records after the norm in `trainStep`'s read-back: per pass of s sequences (n = s·T
 * tokens), [loss, pgLoss, kl, ρ (n), branch (n), entropy, log-prob (n)]. Returns [loss, pgLoss,
 * kl, entropy] summed over the passes in float32, in pass order (as tf.addN would), and each
 * sequence's row of T tokens of ρ, branch codes and log-probs (a pass's filler rows left out).
 */
function readRecords(data: Float32Array, passes: readonly Pass[], t: number) {
  const sums = [0, 0, 0, 0];
  const ratios: Float32Array[] = [];
  const branches: Float32Array[] = [];
  const logProbs: Float32Array[] = [];
  let at = 1;
  for (const pass of passes) {
    const n = pass.size * t;
    const heads = [at, at + 1, at + 2, at + 3 + 2 * n];
    heads.forEach((from, k) => (sums[k] = Math.fround((sums[k] as number) + (data[from] as number))));
    for (let s = 0; s < pass.count; s++) {
      ratios.push(data.subarray(at + 3 + s * t, at + 3 + (s + 1) * t));
      branches.push(data.subarray(at + 3 + n + s * t, at + 3 + n + (s + 1) * t));
      logProbs.push(data.subarray(at + 4 + 2 * n + s * t, at + 4 + 2 * n + (s + 1) * t));
    }
    at += 4 + 3 * n;
  }
  return { sums, ratios, branches, logProbs };
}

/**
 * Passes of `trainStep`. A pass holds every activation its backward pass needs and every gradient
 * of its rows (`tf.profile` peaks of the shipped model: 16 × 64 tokens 138 MB, 16 × 128 tokens in
 * one pass 310 MB). tfjs's WASM memory never shrinks, so the largest pass sets it for the rest of
 * the visit.
 */
export const TRAIN_PASS: PassLimit = { rows: 1024, scores: 2 ** 18 };

/**
 * One update. The batch's loss is Σ w·l with aggregation weights w whose denominators are the
 * whole batch's (core `aggregationWeights`), so it is the sum of the losses of its passes
 * (`cutPasses`, each within `passLimit`) and so is its gradient: each pass runs
 * forward, loss and gradients in one tf.tidy and adds its flat gradient to the sum. Then one
 * `await data()` for every statistic, and AdamW on the sum when the loss and the norm are finite.
 */
export async function trainStep(
  p: Params,
  c: ModelConfig,
  padId: number,
  optimizer: AdamW,
  batch: TrainBatch,
  loss: LossSettings,
  optim: OptimizerSettings,
  passLimit: PassLimit = TRAIN_PASS,
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
  const trained = unpad(mask, lengths, t);
  const horizon = loss.horizon ?? Math.max(...lengths);
  const lossWeights = padRows(aggregationWeights(trained, loss.aggregation, horizon), t, 0, 'weights', lengths);
  const entropyWeights = padRows(aggregationWeights(trained, 'token-mean'), t, 0, 'weights', lengths);
  const adv = padRows(batch.advantages, t, 0, 'advantages', lengths);
  const old = padRows(batch.oldLogProbs, t, 0, 'oldLogProbs', lengths);
  const ref = padRows(batch.refLogProbs, t, 0, 'refLogProbs', lengths);
  const epsLow = perSequence(loss.epsLow, n, 'epsLow');
  const epsHigh = perSequence(loss.epsHigh, n, 'epsHigh');
  const passes = cutPasses(n, sequencesPerPass(t, c.nHeads, passLimit));
  // Per pass, [loss, pgLoss, kl, ρ…, branch…, entropy, log-prob…] (`passRecord`), kept until the
  // one read-back; the update waits for it, so a NaN never reaches the weights or the optimizer state.
  const records: tf.Tensor[] = [];
  let gradSum: tf.Tensor1D | undefined;
  for (const pass of passes) {
    const part = (flat: Float32Array, width = t): tf.Tensor2D => passRows(flat, width, pass);
    const previous = gradSum;
    const [sum, record] = tf.tidy(() => {
      const ids = passIds(batch.sequences, pass, t, padId);
      const aux: tf.Tensor[] = [];
      const { grads: g } = tf.variableGrads(() => {
        const { logp, entropy } = tokenLogProbsAndEntropy(forwardFull(p, c, ids, true), ids);
        const packed = packedPolicyLoss({
          logp,
          oldLogp: part(old),
          refLogp: part(ref),
          advantages: part(adv),
          weights: part(lossWeights),
          epsLow: part(epsLow, 1),
          epsHigh: part(epsHigh, 1),
          dualClip: loss.dualClip,
          klCoef: loss.klCoef,
        });
        const ent = weightedSum(entropy, part(entropyWeights));
        aux.push(...[packed, ent, logp].map((x) => tf.keep(x)));
        return packedLoss(packed);
      }, p.all);
      const flat = flatten(p.all.map((v) => g[v.name] as tf.Tensor));
      const [packed, ent, logp] = aux as [tf.Tensor1D, tf.Scalar, tf.Tensor];
      const out: [tf.Tensor1D, tf.Tensor] = [
        previous ? tf.add(previous, flat) : flat,
        tf.concat([packed, tf.reshape(ent, [1]), tf.reshape(logp, [-1])]),
      ];
      tf.dispose(aux);
      return out;
    });
    previous?.dispose();
    gradSum = sum;
    records.push(record);
  }
  const grads = gradSum as tf.Tensor1D;
  const norm = tf.tidy(() => globalNorm(grads));
  const packed = tf.tidy(() => tf.concat([tf.reshape(norm, [1]), ...records]));
  tf.dispose(records);
  const data = (await packed.data()) as Float32Array;
  packed.dispose();
  const read = readRecords(data, passes, t);
  const finite = Number.isFinite(read.sums[0]) && Number.isFinite(data[0]);
  if (finite) tf.tidy(() => optimizer.applyFlat(grads, norm, optim));
  tf.dispose([grads, norm]);
  const tokenRows = (rows: Float32Array[]): number[][] =>
    lengths.map((len, b) => Array.from(rows[b]!.subarray(0, len)));
  return {
    loss: read.sums[0] as number,
    pgLoss: read.sums[1] as number,
    kl: read.sums[2] as number,
    entropy: read.sums[3] as number,
    gradNorm: data[0] as number,
    ratios: tokenRows(read.ratios),
    branches: tokenRows(read.branches).map((row) => row.map((code) => BRANCH_NAMES[code] as ClipBranch)),
    logProbs: tokenRows(read.logProbs),
    ...(finite
      ? {}
      : { skipped: 'the loss or a gradient was not finite; the update was not applied and the weights are unchanged' }),
  };
}

/**
 * A synthetic batch for timing a training step: random token ids below `vocab` (never the pad id
 * 0), advantages ±1 by sequence, old and reference log-probs 0.
 */
export function randomTrainBatch(rng: Rng, vocab: number, b: number, t: number): TrainBatch {
  const sequences = Array.from({ length: b }, () => Array.from({ length: t }, () => 1 + rng.int(vocab - 1)));
  const zeros = sequences.map((s) => s.map(() => 0));
  return {
    sequences,
    lossMask: sequences.map((s) => s.map((_, j) => (j === 0 ? 0 : 1))),
    advantages: sequences.map((s, i) => s.map(() => (i % 2 ? 1 : -1))),
    oldLogProbs: zeros,
    refLogProbs: zeros,
  };
}
