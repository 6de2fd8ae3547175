/**
 * A check the fused training kernels (webgpu-train.ts) pass before they are used, for the reason
 * fused-decode-check.ts gives (tfjs does not throw when a WGSL program fails to compile; its output
 * is garbage). Run once when WebGPU becomes the backend (backend.ts): a tiny random model's
 * weighted sum of logits L = Σ logits·R and its gradient with respect to every parameter, through
 * the fused blocks (fused-ops.ts) and through fast-ops.ts's tfjs kernels on the same backend, and
 * the plain forward pass both ways, and the parameters after two AdamW steps with a fixed random
 * gradient (the same for both, since AdamW's m/√v would magnify rounding in near-zero entries) and
 * a weight decay large enough that a step without it differs past the limit.
 * On a difference past 1e-3 (relative to the largest value compared) the fused kernels are
 * unregistered and training keeps tfjs's kernels.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from '../config';
import { forwardFull } from '../forward';
import { AdamW, DEFAULT_OPTIMIZER, globalNorm } from '../adamw';
import { createParams, disposeParams } from '../params';
import { FUSED_TRAIN_KERNELS, fusedTrainingAvailable } from './fused-train-ops';

const CONFIG: ModelConfig = {
  vocabSize: 16,
  dModel: 8,
  nLayers: 1,
  nHeads: 2,
  dFf: 16,
  contextLength: 8,
  tiedEmbeddings: true,
};
const IDS = [
  [1, 5, 2, 9, 3, 0],
  [7, 4, 4, 12, 15, 6],
];

/** The plain logits; L and ∂L/∂θ for every parameter, flattened in that order; θ after two AdamW steps. */
async function pass(fused: boolean): Promise<{ logits: number[]; grads: number[]; stepped: number[] }> {
  const p = createParams(CONFIG, 1);
  // Inside the tidy the drawn values are freed once the variable holds its own reference to them.
  p.all.forEach((v, i) => tf.tidy(() => v.assign(tf.randomNormal(v.shape, 0, 0.5, 'float32', 5 + i))));
  const [logits, value, ...grads] = tf.tidy(() => {
    const ids = tf.tensor2d(IDS, undefined, 'int32');
    const plain = forwardFull(p, CONFIG, ids, false, fused);
    const weights = tf.randomNormal(plain.shape, 0, 1, 'float32', 23);
    const { value: l, grads: g } = tf.variableGrads(
      () => tf.sum(tf.mul(forwardFull(p, CONFIG, ids, true, fused), weights)) as tf.Scalar,
      p.all,
    );
    return [plain, l, ...p.all.map((v) => g[v.name] as tf.Tensor)];
  });
  const read = async (ts: tf.Tensor[]) => (await Promise.all(ts.map((t) => t.data()))).flatMap((d) => Array.from(d));
  const optimizer = new AdamW(p.all);
  const size = p.all.reduce((n, v) => n + v.size, 0);
  for (let step = 0; step < 2; step++)
    tf.tidy(() => {
      const flat = tf.mul(tf.randomNormal([size], 0, 1, 'float32', 31 + step), 0.5) as tf.Tensor1D;
      optimizer.applyFlat(
        flat,
        globalNorm(flat),
        { ...DEFAULT_OPTIMIZER, learningRate: 0.05, weightDecay: 0.5 },
        fused,
      );
    });
  const out = { logits: await read([logits]), grads: await read([value, ...grads]), stepped: await read(p.all) };
  tf.dispose([logits, value, ...grads]);
  optimizer.dispose();
  disposeParams(p);
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
  } catch (err) {
    reason = `the fused training kernels failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (reason !== null) for (const name of FUSED_TRAIN_KERNELS) tf.unregisterKernel(name, tf.getBackend());
  return reason;
}
