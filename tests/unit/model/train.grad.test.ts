import { beforeAll, describe, expect, it } from 'vitest';
import { LOSS_AGGREGATIONS, type LossAggregation, aggregationWeights } from '../../../src/core/loss';
import { Rng } from '../../../src/core/random';
import { AdamW } from '../../../src/model/adamw';
import { forwardFull } from '../../../src/model/forward';
import type { TinyLM } from '../../../src/model/model';
import { policyLoss } from '../../../src/model/policy-loss';
import { tokenLogProbs } from '../../../src/model/train';
import { tf, tinyModel, tokenizer, useBackend } from './fixtures';

const B = 3;
const T = 8;
const rng = new Rng(17);
const sequences = Array.from({ length: B }, () => Array.from({ length: T }, () => 1 + rng.int(tokenizer.size - 1)));
const mask = sequences.map((s) => s.map((_, j) => (j === 0 ? 0 : 1)));
const advantages = sequences.map((s, i) => s.map(() => [0.8, -1.1, 0.4][i] as number));
const OFFSETS = [-1.5, -0.5, -0.05, 0.05, 0.5];

/** Loss of the model on the fixed batch: policy loss (dual clip 3) + 0.1 · k3 KL, aggregated as `mode`. */
function loss(model: TinyLM, old: number[][], ref: number[][], mode: LossAggregation = 'token-mean'): tf.Scalar {
  const ids = tf.tensor2d(sequences, [B, T], 'int32');
  const logp = tokenLogProbs(forwardFull(model.params, model.config, ids, true), ids);
  return policyLoss({
    logp,
    oldLogp: tf.tensor2d(old),
    refLogp: tf.tensor2d(ref),
    advantages: tf.tensor2d(advantages),
    weights: tf.tensor2d(aggregationWeights(mask, mode)),
    epsLow: tf.fill([B, 1], 0.2) as tf.Tensor2D,
    epsHigh: tf.fill([B, 1], 0.28) as tf.Tensor2D,
    dualClip: 3,
    klCoef: 0.1,
  }).loss;
}

async function scalar(t: tf.Scalar): Promise<number> {
  const v = (await t.data())[0] as number;
  t.dispose();
  return v;
}

/**
 * The test model, with O(1) weights instead of the 0.02 init so that every gradient is far above
 * float32 noise; the same weights on every call. Seeds start at 1: tfjs takes a seed of 0 as
 * "no seed" and draws from Math.random.
 */
function perturbedModel(tiedEmbeddings: boolean): TinyLM {
  const m = tinyModel(tiedEmbeddings ? 29 : 23, { dModel: 8, nHeads: 2, dFf: 16, contextLength: 8, tiedEmbeddings });
  m.params.all.forEach((v, i) =>
    tf.tidy(() => v.assign(tf.add(v, tf.randomNormal(v.shape, 0, 0.5, 'float32', 1 + i)))),
  );
  return m;
}

describe('gradients and AdamW', () => {
  let model: TinyLM;
  let tied: TinyLM;
  let old: number[][];
  let ref: number[][];
  beforeAll(async () => {
    await useBackend('cpu');
    model = perturbedModel(false);
    tied = perturbedModel(true);
    const lp = await model.logProbs(sequences);
    // Ratios e^{±1.5}, e^{±0.5}, e^{±0.05}: every clip region, none near a kink.
    old = lp.map((r) => r.map((x) => x + rng.pick(OFFSETS)));
    ref = lp.map((r) => r.map((x) => x + rng.next() - 0.5));
  });

  it.each([
    ['untied', () => model],
    ['tied', () => tied],
  ] as const)(
    'match central finite differences along a random direction in every parameter (%s head)',
    async (_, pick) => {
      const model = pick();
      const { grads } = tf.variableGrads(() => loss(model, old, ref), model.params.all);
      const h = 1e-2;
      for (const [i, v] of model.params.all.entries()) {
        const g = grads[v.name] as tf.Tensor;
        const dir = tf.tidy(() => {
          const d = tf.randomNormal(v.shape, 0, 1, 'float32', 100 + i);
          return tf.div(d, tf.norm(d));
        });
        const analytic = await scalar(tf.tidy(() => tf.sum(tf.mul(g, dir)) as tf.Scalar));
        const base = tf.clone(v);
        v.assign(tf.tidy(() => tf.add(base, tf.mul(dir, h))));
        const plus = await scalar(tf.tidy(() => loss(model, old, ref)));
        v.assign(tf.tidy(() => tf.sub(base, tf.mul(dir, h))));
        const minus = await scalar(tf.tidy(() => loss(model, old, ref)));
        v.assign(base);
        tf.dispose([base, dir]);
        const numeric = (plus - minus) / (2 * h);
        expect(Math.abs(numeric - analytic), `${model.params.names[i]}: ${numeric} vs ${analytic}`).toBeLessThan(
          5e-5 + 0.01 * Math.abs(analytic),
        );
      }
      tf.dispose(grads);
    },
  );

  // T = 8: one pass, one sequence a pass (3 passes), two a pass (2 passes, one empty filler row).
  it.each(LOSS_AGGREGATIONS.flatMap((mode) => [undefined, 8, 16].map((rows) => [mode, rows] as const)))(
    "trainStep reports the whole batch's gradient norm and applies the first AdamW step θ(1 − lr·λ) − lr·g/(|g| + ε) (%s, %s token rows a pass)",
    async (mode, rows) => {
      const model = perturbedModel(false);
      const { grads } = tf.variableGrads(() => loss(model, old, ref, mode), model.params.all);
      const g = (await Promise.all(model.params.all.map((v) => (grads[v.name] as tf.Tensor).data()))) as Float32Array[];
      tf.dispose(grads);
      const before = (await Promise.all(model.params.all.map((v) => v.data()))) as Float32Array[];
      const norm = Math.sqrt(g.reduce((s, arr) => s + arr.reduce((a, x) => a + x * x, 0), 0));
      const lr = 0.01;
      const wd = 0.1;
      const stats = await model.trainStep(
        { sequences, lossMask: mask, advantages, oldLogProbs: old, refLogProbs: ref },
        { epsLow: 0.2, epsHigh: 0.28, dualClip: 3, klCoef: 0.1, aggregation: mode },
        { learningRate: lr, beta1: 0.9, beta2: 0.999, epsilon: 1e-8, weightDecay: wd, maxGradNorm: 1e6 },
        rows === undefined ? undefined : { rows, scores: 2 ** 18 },
      );
      expect(Math.abs(stats.gradNorm - norm)).toBeLessThan(1e-5 * Math.max(1, norm));
      const after = (await Promise.all(model.params.all.map((v) => v.data()))) as Float32Array[];
      model.params.all.forEach((v, i) => {
        const decay = v.rank >= 2 ? wd : 0;
        const gi = g[i] as Float32Array;
        const b = before[i] as Float32Array;
        const a = after[i] as Float32Array;
        for (let k = 0; k < a.length; k++) {
          const gk = gi[k] as number;
          const want = (b[k] as number) * (1 - lr * decay) - (lr * gk) / (Math.abs(gk) + 1e-8);
          expect(Math.abs((a[k] as number) - want)).toBeLessThan(2e-6);
        }
      });
      model.dispose();
    },
  );

  it('clips the global gradient norm before the moments (two steps against the formula)', async () => {
    const p = tf.variable(tf.tensor1d([1, 2]));
    const opt = new AdamW([p]);
    const s = { learningRate: 0.1, beta1: 0.9, beta2: 0.999, epsilon: 1e-8, weightDecay: 0, maxGradNorm: 1 };
    const n1 = tf.tidy(() => opt.apply([tf.tensor1d([3, 4])], s));
    expect((await n1.data())[0] as number).toBeCloseTo(5, 5);
    n1.dispose();
    tf.tidy(() => opt.apply([tf.tensor1d([0.3, 0.4])], s));
    // Step 1 uses ĝ = (3, 4)·1/(5 + 1e-6); step 2 uses (0.3, 0.4) unclipped (norm 0.5 < 1).
    const g1 = [3 / (5 + 1e-6), 4 / (5 + 1e-6)];
    const g2 = [0.3, 0.4];
    const want = [1, 2].map((theta0, k) => {
      const m1 = 0.1 * (g1[k] as number);
      const v1 = 0.001 * (g1[k] as number) ** 2;
      const theta1 = theta0 - (0.1 * (m1 / 0.1)) / (Math.sqrt(v1 / 0.001) + 1e-8);
      const m2 = 0.9 * m1 + 0.1 * (g2[k] as number);
      const v2 = 0.999 * v1 + 0.001 * (g2[k] as number) ** 2;
      return theta1 - (0.1 * (m2 / (1 - 0.81))) / (Math.sqrt(v2 / (1 - 0.999 ** 2)) + 1e-8);
    });
    const got = await p.data();
    expect(Math.abs((got[0] as number) - (want[0] as number))).toBeLessThan(1e-6);
    expect(Math.abs((got[1] as number) - (want[1] as number))).toBeLessThan(1e-6);
    opt.dispose();
    p.dispose();
  });
});
