import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { type SamplingOptions, sampleTokens } from '../../../src/model/sampling';
import { tf, useBackend } from './fixtures';

/** Ids drawn for `draws` copies of one logits row, with uniforms from Rng(seed). */
async function draw(logits: number[], opts: SamplingOptions, draws: number, seed: number): Promise<Int32Array> {
  const rng = new Rng(seed);
  const u = Float32Array.from({ length: draws }, () => rng.next());
  const out = tf.tidy(() =>
    sampleTokens(tf.tile(tf.tensor2d([logits]), [draws, 1]) as tf.Tensor2D, tf.tensor1d(u), opts),
  );
  const ids = (await out.data()) as Int32Array;
  out.dispose();
  return ids;
}

/** Share of draws that gave each id. */
async function frequencies(logits: number[], opts: SamplingOptions, draws: number, seed: number): Promise<number[]> {
  const counts = logits.map(() => 0);
  for (const id of await draw(logits, opts, draws, seed)) (counts[id] as number)++;
  return counts.map((c) => c / draws);
}

describe.each(['wasm', 'cpu'] as const)('sampleTokens on %s', (backend) => {
  const logits = [0.5, 0.3, 0.15, 0.05].map(Math.log);

  it('is greedy at temperature 0 (ties to the lower id) and with top-k 1', async () => {
    await useBackend(backend);
    expect(Array.from(await draw([1, 3, 3, 2], { temperature: 0 }, 3, 1))).toEqual([1, 1, 1]);
    expect(new Set(await draw(logits, { temperature: 1, topK: 1 }, 50, 1))).toEqual(new Set([0]));
  });

  it('draws from the softmax, the top-k and the nucleus with the right probabilities', async () => {
    await useBackend(backend);
    const n = 40000;
    const tol = 0.012;
    const full = await frequencies(logits, { temperature: 1 }, n, 2);
    [0.5, 0.3, 0.15, 0.05].forEach((p, i) => expect(Math.abs((full[i] as number) - p)).toBeLessThan(tol));
    // top-k 2: 0.5 / 0.8 and 0.3 / 0.8.
    const k2 = await frequencies(logits, { temperature: 1, topK: 2 }, n, 3);
    expect(Math.abs((k2[0] as number) - 0.625)).toBeLessThan(tol);
    expect((k2[2] as number) + (k2[3] as number)).toBe(0);
    // top-p 0.9: 0.5 + 0.3 < 0.9 ≤ 0.95, so ids 0–2 with 0.5/0.95, 0.3/0.95, 0.15/0.95.
    const p9 = await frequencies(logits, { temperature: 1, topP: 0.9 }, n, 4);
    expect(Math.abs((p9[0] as number) - 0.5 / 0.95)).toBeLessThan(tol);
    expect(Math.abs((p9[2] as number) - 0.15 / 0.95)).toBeLessThan(tol);
    expect(p9[3]).toBe(0);
    // temperature 2 on probabilities (0.8, 0.2): ∝ (√0.8, √0.2) = (2/3, 1/3).
    const t2 = await frequencies([0.8, 0.2].map(Math.log), { temperature: 2 }, n, 5);
    expect(Math.abs((t2[0] as number) - 2 / 3)).toBeLessThan(tol);
  });

  it('maps a uniform to the inverse CDF: u below 0.5 gives id 0, then id 1 up to 0.8, …', async () => {
    await useBackend(backend);
    const u = [0, 0.49, 0.51, 0.79, 0.81, 0.94, 0.96, 0.999];
    const out = tf.tidy(() =>
      sampleTokens(tf.tile(tf.tensor2d([logits]), [u.length, 1]) as tf.Tensor2D, tf.tensor1d(u), { temperature: 1 }),
    );
    expect(Array.from(await out.data())).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    out.dispose();
  });

  it('walks the vocabulary order without truncation and the sorted order with top-k', async () => {
    await useBackend(backend);
    const shuffled = [0.15, 0.5, 0.05, 0.3].map(Math.log);
    const ids = async (u: number[], opts: SamplingOptions): Promise<number[]> => {
      const out = tf.tidy(() =>
        sampleTokens(tf.tile(tf.tensor2d([shuffled]), [u.length, 1]) as tf.Tensor2D, tf.tensor1d(u), opts),
      );
      const got = Array.from(await out.data());
      out.dispose();
      return got;
    };
    // Vocabulary order: id 0 below 0.15, id 1 up to 0.65, id 2 up to 0.70, id 3 to the end.
    expect(await ids([0.1, 0.2, 0.6, 0.67, 0.69, 0.71, 0.99], { temperature: 1 })).toEqual([0, 1, 1, 2, 2, 3, 3]);
    // Top-3, sorted: id 1 below 0.5/0.95 ≈ 0.526, id 3 up to 0.8/0.95 ≈ 0.842, then id 0.
    expect(await ids([0.5, 0.53, 0.8, 0.85, 0.99], { temperature: 1, topK: 3 })).toEqual([1, 3, 3, 0, 0]);
  });

  it('refuses a negative temperature and a top-p outside (0, 1]', () => {
    const l = tf.tensor2d([logits]);
    const u = tf.tensor1d([0.5]);
    expect(() => sampleTokens(l, u, { temperature: -1 })).toThrow(/temperature/);
    expect(() => sampleTokens(l, u, { temperature: 1, topP: 0 })).toThrow(/topP/);
    tf.dispose([l, u]);
  });
});
