/**
 * A check the fused training kernels (webgpu-train.ts) pass before they are used, for the reason
 * fused-decode-check.ts gives (tfjs does not throw when a WGSL program fails to compile; its output
 * is garbage). Run once when WebGPU becomes the backend (backend.ts): a tiny random model's
 * weighted sum of logits L = Σ logits·R and its gradient with respect to every parameter, through
 * the fused blocks (fused-ops.ts) and through fast-ops.ts's tfjs kernels on the same backend, and
 * the plain forward pass both ways, and the gradient norms and parameters after two AdamW steps with a fixed random
 * gradient (the same for both, since AdamW's m/√v would magnify rounding in near-zero entries) and
 * a weight decay large enough that a step without it differs past the limit; the token log-probs,
 * entropies and log-probs' gradient of random logits; and the policy loss with its gradient on
 * inputs that reach every branch (`policyProbe`).
 * On a difference past 1e-3 (relative to the largest value compared) the fused kernels are
 * unregistered and training keeps tfjs's kernels.
 */
import * as tf from '@tensorflow/tfjs';
import { forwardFull } from '../forward';
import { AdamW, DEFAULT_OPTIMIZER, globalNorm } from '../adamw';
import { createParams, disposeParams } from '../params';
import { policyLoss } from '../policy-loss';
import { tokenLogProbs, tokenLogProbsAndEntropy } from '../train';
import { CHECK_MODEL } from './fused-decode-check';
import { FUSED_TRAIN_KERNELS, fusedTrainingAvailable } from '../kernels/fused-train-ops';

const IDS = [
  [1, 5, 2, 9, 3, 0],
  [7, 4, 4, 12, 15, 6],
];

/** The plain logits; L and ∂L/∂θ for every parameter, flattened in that order; the two steps' gradient norms and θ after them. */
async function pass(fused: boolean): Promise<{ logits: number[]; grads: number[]; stepped: number[] }> {
  const p = createParams(CHECK_MODEL, 1);
  // Inside the tidy the drawn values are freed once the variable holds its own reference to them.
  p.all.forEach((v, i) => tf.tidy(() => v.assign(tf.randomNormal(v.shape, 0, 0.5, 'float32', 5 + i))));
  const [logits, value, ...grads] = tf.tidy(() => {
    const ids = tf.tensor2d(IDS, undefined, 'int32');
    const plain = forwardFull(p, CHECK_MODEL, ids, false, fused);
    const weights = tf.randomNormal(plain.shape, 0, 1, 'float32', 23);
    const { value: l, grads: g } = tf.variableGrads(
      () => tf.sum(tf.mul(forwardFull(p, CHECK_MODEL, ids, true, fused), weights)) as tf.Scalar,
      p.all,
    );
    return [plain, l, ...p.all.map((v) => g[v.name] as tf.Tensor)];
  });
  const read = async (ts: tf.Tensor[]) => (await Promise.all(ts.map((t) => t.data()))).flatMap((d) => Array.from(d));
  const optimizer = new AdamW(p.all);
  const size = p.all.reduce((n, v) => n + v.size, 0);
  // The norms are compared with the parameters: AdamW's m/√v hides a wrong clipping scale.
  const norms = [0, 1].map((step) =>
    tf.tidy(() => {
      const flat = tf.mul(tf.randomNormal([size], 0, 1, 'float32', 31 + step), 0.5) as tf.Tensor1D;
      const norm = globalNorm(flat, fused);
      optimizer.applyFlat(flat, norm, { ...DEFAULT_OPTIMIZER, learningRate: 0.05, weightDecay: 0.5 }, fused);
      return norm;
    }),
  );
  const out = {
    logits: await read([logits]),
    grads: await read([value, ...grads]),
    stepped: await read([...norms, ...p.all]),
  };
  tf.dispose([logits, value, ...grads, ...norms]);
  optimizer.dispose();
  disposeParams(p);
  return out;
}

/** Per-token inputs [2, 6] of the policy probe: every clip branch, both clamps, dual clip and ties. */
const PROBE = {
  // d = logπθ − logπold: beyond the clamp, below 1 − ε_low, inside, zero (a tie of the two branches),
  // past 1 + ε_high, past the dual clip (ρ ≈ 3.7 with A < 0) … (no other ties: the spec compares
  // these on two backends, whose exp may differ in the last bit).
  d: [
    [-25, -0.5, -0.1, 0, 0.27, 0.5],
    [1.3, 0.05, -0.3, 25, 0.26, 0.1],
  ],
  advantages: [
    [1, 1, -1, 1, -1, 1],
    [-1, -1, -1, -1, 1, -1],
  ],
  // logπref − logπθ: k3 past its clamp of 10, beyond the ±20 clamp, small.
  refGap: [
    [3, -25, 0.1, 0, -0.2, 0.5],
    [-1, 2.9, 25, 0.05, 0, -0.3],
  ],
};

/**
 * The packed policy loss [loss, pgLoss, kl, ρ…, branch…] of PROBE (dual clip 3, klCoef 0.05, clip
 * widths 0.2/0.3 and 0.1/0.28 per sequence, weights 0.05–0.3) and the gradient with respect to
 * logπθ of loss + 0.5·pgLoss − 0.25·kl, which reaches every term of its gradient.
 */
export async function policyProbe(fused: boolean): Promise<{ packed: number[]; grad: number[] }> {
  const [packed, grad] = tf.tidy(() => {
    const logp = tf.tensor2d([
      [-1, -2, -0.5, -3, -1.5, -0.7],
      [-2.5, -0.2, -1, -4, -0.9, -1.1],
    ]);
    const inputs = {
      oldLogp: tf.sub(logp, tf.tensor2d(PROBE.d)) as tf.Tensor2D,
      refLogp: tf.add(logp, tf.tensor2d(PROBE.refGap)) as tf.Tensor2D,
      advantages: tf.tensor2d(PROBE.advantages),
      weights: tf.tensor2d(
        Array.from({ length: 2 }, (_, b) => Array.from({ length: 6 }, (_, j) => 0.05 + 0.02 * (b * 6 + j))),
      ),
      epsLow: tf.tensor2d([[0.2], [0.1]]),
      epsHigh: tf.tensor2d([[0.3], [0.28]]),
      dualClip: 3,
      klCoef: 0.05,
    };
    const of = (l: tf.Tensor) => policyLoss({ ...inputs, logp: l as tf.Tensor2D }, fused);
    const r = of(logp);
    const packedValue = tf.concat([
      tf.stack([r.loss, r.pgLoss, r.kl]),
      tf.reshape(r.ratio, [-1]),
      tf.reshape(r.branch, [-1]),
    ]);
    const g = tf.grad((l: tf.Tensor) => {
      const q = of(l);
      return tf.sub(tf.add(q.loss, tf.mul(q.pgLoss, 0.5)), tf.mul(q.kl, 0.25));
    })(logp);
    return [packedValue, g];
  });
  const out = { packed: Array.from(await packed.data()), grad: Array.from(await grad.data()) };
  tf.dispose([packed, grad]);
  return out;
}

/** Token log-probs and entropies of random logits [2, 5, 16], and the gradient of Σ logp·W with respect to the logits. */
async function logProbProbe(fused: boolean): Promise<number[]> {
  const parts = tf.tidy(() => {
    const logits = tf.randomNormal([2, 5, 16], 0, 2, 'float32', 41) as tf.Tensor3D;
    const ids = tf.tensor2d(
      [
        [3, 15, 0, 7, 7],
        [9, 1, 12, 4, 0],
      ],
      undefined,
      'int32',
    );
    const weights = tf.randomNormal([2, 5], 0, 1, 'float32', 43);
    const { logp, entropy } = tokenLogProbsAndEntropy(logits, ids, fused);
    const grad = tf.grad((z: tf.Tensor) => tf.sum(tf.mul(tokenLogProbs(z as tf.Tensor3D, ids, fused), weights)))(
      logits,
    );
    return [logp, entropy, grad];
  });
  const out = (await Promise.all(parts.map((t) => t.data()))).flatMap((d) => Array.from(d));
  tf.dispose(parts);
  return out;
}

/** Largest |a − b| over the largest |b| (at least 1). */
function relativeGap(a: number[], b: number[]): number {
  const scale = Math.max(1, ...b.map(Math.abs));
  return Math.max(...a.map((x, i) => Math.abs(x - (b[i] as number)))) / scale;
}

/**
 * Null when the fused training kernels agree with tfjs's own (or are not registered for this
 * backend); otherwise the reason, after unregistering them.
 */
export async function checkFusedTraining(): Promise<string | null> {
  if (!fusedTrainingAvailable()) return null;
  let reason: string | null = null;
  try {
    const [fused, own] = [await pass(true), await pass(false)];
    const forward = relativeGap(fused.logits, own.logits);
    const backward = relativeGap(fused.grads, own.grads);
    const update = relativeGap(fused.stepped, own.stepped);
    if (!(forward <= 1e-3)) reason = `the fused forward pass differs from tfjs's by ${forward}`;
    else if (!(backward <= 1e-3)) reason = `the fused gradients differ from tfjs's by ${backward}`;
    else if (!(update <= 1e-3)) reason = `the fused AdamW step differs from tfjs's by ${update}`;
    if (reason === null) {
      const gap = relativeGap(await logProbProbe(true), await logProbProbe(false));
      if (!(gap <= 1e-3)) reason = `the fused token log-probs differ from tfjs's by ${gap}`;
    }
    if (reason === null) {
      const [fusedLoss, ownLoss] = [await policyProbe(true), await policyProbe(false)];
      const loss = Math.max(relativeGap(fusedLoss.packed, ownLoss.packed), relativeGap(fusedLoss.grad, ownLoss.grad));
      if (!(loss <= 1e-3)) reason = `the fused policy loss differs from tfjs's by ${loss}`;
    }
  } catch (err) {
    reason = `the fused training kernels failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (reason !== null) for (const name of FUSED_TRAIN_KERNELS) tf.unregisterKernel(name, tf.getBackend());
  return reason;
}
