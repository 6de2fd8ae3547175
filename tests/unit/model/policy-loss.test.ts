import { beforeAll, describe, expect, it } from 'vitest';
import {
  type LossAggregation,
  LOSS_AGGREGATIONS,
  aggregateLoss,
  aggregationWeights,
  clippedTokenLoss,
  klK3,
} from '../../../src/core/loss';
import { Rng } from '../../../src/core/random';
import { BRANCH_CODES, policyLoss } from '../../../src/model/policy-loss';
import { tf, tinyModel, tokenizer, useBackend } from './fixtures';

interface Case {
  logp: number[][];
  old: number[][];
  ref: number[][];
  adv: number[][];
  mask: number[][];
  epsLow: number[];
  epsHigh: number[];
}

/** Random per-token inputs whose ratios fall in every clip region; row 1 is fully masked. */
function randomCase(rng: Rng, b: number, t: number): Case {
  const rows = (f: (i: number, j: number) => number): number[][] =>
    Array.from({ length: b }, (_, i) => Array.from({ length: t }, (_, j) => f(i, j)));
  const logp = rows(() => -3 * rng.next());
  const offsets = [-1.5, -0.5, -0.1, 0, 0.1, 0.5, 1.5];
  return {
    logp,
    old: rows((i, j) => (logp[i]?.[j] as number) + rng.pick(offsets)),
    ref: rows((i, j) => (logp[i]?.[j] as number) + 2 * (rng.next() - 0.5)),
    adv: rows(() => 2 * (rng.next() - 0.5)),
    mask: rows((i) => (i === 1 ? 0 : rng.next() < 0.7 ? rng.pick([1, 1, 0.5]) : 0)),
    epsLow: Array.from({ length: b }, () => 0.2),
    epsHigh: Array.from({ length: b }, () => 0.2 + 0.1 * rng.next()),
  };
}

/** The core's scalar reference: aggregate(clipped loss) + klCoef · aggregate(k3). */
function reference(c: Case, dualClip: number | null, klCoef: number, mode: LossAggregation, horizon: number) {
  const losses = c.logp.map((row, i) =>
    row.map((lp, j) =>
      clippedTokenLoss(Math.exp(lp - (c.old[i]?.[j] as number)), c.adv[i]?.[j] as number, {
        epsLow: c.epsLow[i] as number,
        epsHigh: c.epsHigh[i] as number,
        dualClip,
      }),
    ),
  );
  const kls = c.logp.map((row, i) => row.map((lp, j) => klK3(lp, c.ref[i]?.[j] as number)));
  const pg = aggregateLoss(
    losses.map((r) => r.map((x) => x.loss)),
    c.mask,
    mode,
    horizon,
  );
  const kl = aggregateLoss(kls, c.mask, mode, horizon);
  return { loss: pg + klCoef * kl, pg, kl, branches: losses.map((r) => r.map((x) => BRANCH_CODES[x.branch])) };
}

describe('tensor policy loss', () => {
  beforeAll(() => useBackend('cpu'));

  it.each(
    LOSS_AGGREGATIONS.flatMap(
      (mode) =>
        [
          [mode, 3, 0.01],
          [mode, null, 0.5],
        ] as const,
    ),
  )('equals the core reference (%s, dual clip %s, KL coefficient %s)', async (mode, dualClip, klCoef) => {
    const rng = new Rng(42);
    for (let trial = 0; trial < 5; trial++) {
      const c = randomCase(rng, 4, 9);
      // Round inputs to float32 so that both sides see the same numbers.
      const f32 = (rows: number[][]): number[][] => rows.map((r) => Array.from(Float32Array.from(r)));
      const cc: Case = {
        ...c,
        logp: f32(c.logp),
        old: f32(c.old),
        ref: f32(c.ref),
        adv: f32(c.adv),
        epsHigh: Array.from(Float32Array.from(c.epsHigh)),
      };
      const want = reference(cc, dualClip, klCoef, mode, 9);
      const out = tf.tidy(() => {
        const r = policyLoss({
          logp: tf.tensor2d(cc.logp),
          oldLogp: tf.tensor2d(cc.old),
          refLogp: tf.tensor2d(cc.ref),
          advantages: tf.tensor2d(cc.adv),
          weights: tf.tensor2d(aggregationWeights(cc.mask, mode, 9)),
          epsLow: tf.tensor2d(cc.epsLow, [4, 1]),
          epsHigh: tf.tensor2d(cc.epsHigh, [4, 1]),
          dualClip,
          klCoef,
        });
        return tf.concat([tf.stack([r.loss, r.pgLoss, r.kl]), tf.reshape(r.branch, [-1])]);
      });
      const data = await out.data();
      out.dispose();
      expect(Math.abs((data[0] as number) - want.loss)).toBeLessThan(1e-5);
      expect(Math.abs((data[1] as number) - want.pg)).toBeLessThan(1e-5);
      expect(Math.abs((data[2] as number) - want.kl)).toBeLessThan(1e-5);
      expect(Array.from(data.subarray(3))).toEqual(want.branches.flat());
    }
  });

  it.each(
    LOSS_AGGREGATIONS.flatMap(
      (mode) =>
        [
          [mode, 3],
          [mode, null],
        ] as const,
    ),
  )(
    'has the gradient by logπθ of the core reference, by central differences (%s, dual clip %s)',
    async (mode, dualClip) => {
      const rng = new Rng(7);
      const klCoef = 0.3;
      for (let trial = 0; trial < 3; trial++) {
        const c = randomCase(rng, 4, 9);
        const f32 = (rows: number[][]): number[][] => rows.map((r) => Array.from(Float32Array.from(r)));
        const cc: Case = { ...c, logp: f32(c.logp), old: f32(c.old), ref: f32(c.ref), adv: f32(c.adv) };
        // ∂loss/∂logp and ∂kl/∂logp from the tensor loss's custom gradient.
        const grads = tf.tidy(() => {
          const lossOf = (which: 'loss' | 'kl') => (logp: tf.Tensor) =>
            policyLoss({
              logp: logp as tf.Tensor2D,
              oldLogp: tf.tensor2d(cc.old),
              refLogp: tf.tensor2d(cc.ref),
              advantages: tf.tensor2d(cc.adv),
              weights: tf.tensor2d(aggregationWeights(cc.mask, mode, 9)),
              epsLow: tf.tensor2d(cc.epsLow, [4, 1]),
              epsHigh: tf.tensor2d(cc.epsHigh, [4, 1]),
              dualClip,
              klCoef,
            })[which];
          const x = tf.tensor2d(cc.logp);
          return tf.concat([tf.reshape(tf.grad(lossOf('loss'))(x), [-1]), tf.reshape(tf.grad(lossOf('kl'))(x), [-1])]);
        });
        const got = await grads.data();
        grads.dispose();
        // The same derivatives of the core's float64 reference, token by token.
        const h = 1e-5;
        cc.logp.forEach((row, i) =>
          row.forEach((lp, j) => {
            const at = (v: number) =>
              reference(
                { ...cc, logp: cc.logp.map((r, k) => (k === i ? r.map((x, l) => (l === j ? v : x)) : r)) },
                dualClip,
                klCoef,
                mode,
                9,
              );
            const plus = at(lp + h);
            const minus = at(lp - h);
            const k = i * 9 + j;
            const dLoss = (plus.loss - minus.loss) / (2 * h);
            const dKl = (plus.kl - minus.kl) / (2 * h);
            expect(Math.abs((got[k] as number) - dLoss), `loss at ${i},${j}`).toBeLessThan(
              1e-5 + 1e-4 * Math.abs(dLoss),
            );
            expect(Math.abs((got[36 + k] as number) - dKl), `kl at ${i},${j}`).toBeLessThan(
              1e-5 + 1e-4 * Math.abs(dKl),
            );
          }),
        );
      }
    },
  );

  it('reaches every branch in the cases above', () => {
    const c = randomCase(new Rng(42), 4, 9);
    const seen = new Set(reference(c, 3, 0, 'token-mean', 9).branches.flat());
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  // Padded to T = 16: one pass, one sequence a pass, and two a pass with one empty filler row.
  it.each([
    ['one pass', undefined],
    ['3 passes', 1],
    ['2 passes', 32],
  ] as const)('is what trainStep reports, on ragged rows and per-sequence clip widths (%s)', async (_, rows) => {
    const model = tinyModel(5);
    const rng = new Rng(8);
    const sequences = [5, 9, 3].map((n) => Array.from({ length: n }, () => 1 + rng.int(tokenizer.size - 1)));
    const pre = await model.logProbs(sequences);
    const offsets = [-1.5, -0.5, 0, 0.5, 1.5];
    const old = pre.map((r) => r.map((x) => x + rng.pick(offsets)));
    const ref = pre.map((r) => r.map((x) => x + rng.next() - 0.5));
    const adv = sequences.map((s, i) => s.map(() => (i === 1 ? -1 : 0.7)));
    const lossMask = sequences.map((s) => s.map((_, j) => (j === 0 ? 0 : 1)));
    const weights = sequences.map((s) => s.map((_, j) => (j % 2 ? 1 : 0.5)));
    const settings = {
      epsLow: 0.2,
      epsHigh: [0.3, 0.25, 0.2],
      dualClip: 3,
      klCoef: 0.1,
      aggregation: 'seq-mean-token-sum-norm' as const,
    };
    const stats = await model.trainStep(
      { sequences, lossMask, advantages: adv, oldLogProbs: old, refLogProbs: ref, weights },
      settings,
      undefined,
      rows === undefined ? undefined : { rows, scores: 2 ** 18 },
    );
    const mask = lossMask.map((r, i) => r.map((m, j) => m * (weights[i]?.[j] as number)));
    const c: Case = { logp: stats.logProbs, old, ref, adv, mask, epsLow: [0.2, 0.2, 0.2], epsHigh: [0.3, 0.25, 0.2] };
    const want = reference(c, 3, 0.1, 'seq-mean-token-sum-norm', 9);
    expect(Math.abs(stats.loss - want.loss)).toBeLessThan(1e-5);
    expect(Math.abs(stats.kl - want.kl)).toBeLessThan(1e-5);
    for (let i = 0; i < 3; i++) {
      for (let j = 1; j < (sequences[i]?.length as number); j++) {
        expect(Math.abs((stats.logProbs[i]?.[j] as number) - (pre[i]?.[j] as number))).toBeLessThan(1e-5);
        expect(
          Math.abs((stats.ratios[i]?.[j] as number) - Math.exp((pre[i]?.[j] as number) - (old[i]?.[j] as number))),
        ).toBeLessThan(1e-4);
      }
    }
    expect(stats.branches.map((r) => r.length)).toEqual([5, 9, 3]);
    model.dispose();
  });
});
