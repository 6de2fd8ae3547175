/**
 * The repair lab's update keeps zero-advantage samples (docs/algorithms.md §8.7): their tokens count
 * in the token-mean's denominator and their KL term stays. Checked on the loss the model trains
 * with, against numbers computed by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { updateRows } from '../../../../src/core/repair/targets';
import { tinyModel, useBackend } from '../../model/fixtures';

beforeAll(() => useBackend('cpu'));

describe('updateRows', () => {
  it('keeps every trajectory with a trained token, zero advantage or not, and leaves out fully masked ones', () => {
    expect(
      updateRows([
        [0, 1, 1],
        [0, 1, 1, 1],
        [0, 0, 0, 0],
      ]),
    ).toEqual([0, 1]);
  });

  it('makes the token-mean divide by every trained token of the batch', async () => {
    // Row 0: two trained tokens with A = 1. Row 1: three trained tokens with A = 0 (a no-signal group).
    // Row 2: a sample whose every step is masked. At ρ = 1 the policy term of a token is −A, and with
    // log π_ref = log π_θ − ln 2 every trained token has k3 KL e^(−ln 2) + ln 2 − 1 = ln 2 − 0.5.
    //   kept:    pg = (−1 − 1 + 0 + 0 + 0) / 5 = −0.4,  kl = ln 2 − 0.5
    //   dropped: pg = (−1 − 1) / 2 = −1 (the rule this replaces)
    const model = tinyModel(3);
    const sequences = [
      [1, 5, 9, 2],
      [1, 7, 3, 4],
      [1, 6, 8, 2],
    ];
    const lossMask = [
      [0, 1, 1, 0],
      [0, 1, 1, 1],
      [0, 0, 0, 0],
    ];
    const advantages = [1, 0, 0].map((a, i) => (lossMask[i] as number[]).map((m) => m * a));
    const rows = updateRows(lossMask);
    expect(rows).toEqual([0, 1]);
    const pick = <T>(x: T[]): T[] => rows.map((i) => x[i] as T);
    const logp = await model.logProbs(pick(sequences), pick(lossMask));
    const stats = await model.trainStep(
      {
        sequences: pick(sequences),
        lossMask: pick(lossMask),
        advantages: pick(advantages),
        oldLogProbs: logp,
        refLogProbs: logp.map((r) => r.map((x) => x - Math.LN2)),
      },
      { epsLow: 0.2, epsHigh: 0.28, dualClip: null, klCoef: 0.01, aggregation: 'token-mean' },
    );
    expect(stats.pgLoss).toBeCloseTo(-0.4, 5);
    expect(stats.kl).toBeCloseTo(Math.LN2 - 0.5, 5);
    expect(stats.loss).toBeCloseTo(-0.4 + 0.01 * (Math.LN2 - 0.5), 5);
    model.dispose();
  });
});
