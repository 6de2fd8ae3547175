/**
 * The layer norm's standardisation in one WASM kernel (src/model/kernels/wasm-layer-norm.ts): bit
 * for bit tfjs-backend-wasm's own seven kernels (run with the kernel unregistered), hand-computed
 * values, and one kernel where there were seven.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { layerNorm, standardise } from '../../../src/model/fast-ops';
import {
  installWasmLayerNorm,
  LAYER_NORM_GRAD_KERNEL,
  STANDARDISE_KERNEL,
} from '../../../src/model/kernels/wasm-layer-norm';
import { tf, useBackend } from './fixtures';

/** Runs `f` with tfjs-backend-wasm's compositions: both kernels are left out for the call. */
async function composed<T>(f: () => Promise<T>): Promise<T> {
  for (const name of [STANDARDISE_KERNEL, LAYER_NORM_GRAD_KERNEL])
    if (tf.getKernel(name, 'wasm')) tf.unregisterKernel(name, 'wasm');
  try {
    return await f();
  } finally {
    installWasmLayerNorm();
  }
}

async function fused(values: Float32Array, shape: [number, number]): Promise<Float32Array> {
  return (await tf.tidy(() => standardise(tf.tensor2d(values, shape))).data()) as Float32Array;
}

describe('row standardisation in one WASM kernel', () => {
  beforeAll(() => useBackend('wasm'));
  afterEach(() => installWasmLayerNorm());

  // [m, d, spread, offset]: a token step (8 × 64), a classroom phase's width, prefill rows, widths
  // whose 1/d is not a power of two, rows far from zero and nearly constant rows.
  const CASES: [number, number, number, number][] = [
    [8, 64, 1, 0],
    [160, 64, 3, 0.5],
    [64, 64, 30, -4],
    [5, 48, 2, 1],
    [3, 37, 0.01, 0],
    [7, 100, 1e-3, 50],
    [1024, 64, 2, 0], // a training batch's rows
  ];
  it.each(CASES)(
    '[%i, %i] rows (spread %f, offset %f): bit for bit the seven kernels',
    async (m, d, spread, offset) => {
      const rng = new Rng(m * 131 + d);
      const values = Float32Array.from({ length: m * d }, () => offset + (rng.next() - 0.5) * 2 * spread);
      const want = await composed(() => fused(values, [m, d]));
      const got = await fused(values, [m, d]);
      expect(got.findIndex((v, i) => !Object.is(v, want[i]))).toBe(-1);
    },
  );

  /** The layer norm's value and the gradients of Σ y·u with respect to x, g and b. */
  async function layerNormGrads(x: Float32Array, u: Float32Array, gain: Float32Array, [m, d]: [number, number]) {
    const grads = tf.grads((xs: tf.Tensor, g: tf.Tensor, b: tf.Tensor) =>
      tf.sum(tf.mul(layerNorm(xs as tf.Tensor2D, g as tf.Tensor1D, b as tf.Tensor1D), tf.tensor2d(u, [m, d]))),
    );
    const bias = tf.tensor1d(Float32Array.from(gain, (v) => v / 3));
    const out = grads([tf.tensor2d(x, [m, d]), tf.tensor1d(gain), bias]);
    return Promise.all(out.map(async (t) => (await t.data()) as Float32Array));
  }

  it.each(CASES)(
    '[%i, %i] rows (spread %f, offset %f): ∂x, ∂g, ∂b bit for bit the composition',
    async (m, d, spread, offset) => {
      const rng = new Rng(m * 71 + d);
      const draw = (n: number, s: number, o: number) =>
        Float32Array.from({ length: n }, () => o + (rng.next() - 0.5) * 2 * s);
      const x = draw(m * d, spread, offset);
      const u = draw(m * d, 1, 0);
      const gain = draw(d, 0.5, 1);
      const want = await composed(() => layerNormGrads(x, u, gain, [m, d]));
      const got = await layerNormGrads(x, u, gain, [m, d]);
      got.forEach((g, i) => expect(g.findIndex((v, j) => !Object.is(v, want[i]![j]))).toBe(-1));
    },
  );

  it('gives the hand-computed ∂x: with dy = e₁ and g = 1 on the row [1, 2, 3, 4]', async () => {
    // x̂ = c·r with c = (−1.5, −0.5, 0.5, 1.5), r = 1/√(1.25 + 1e-5); mean(ĝ) = 1/4 and
    // mean(ĝ·x̂) = x̂₁/4, so ∂x_k = r·(δ_1k − 1/4 − x̂_k·x̂₁/4).
    const [dx] = await layerNormGrads(
      Float32Array.from([1, 2, 3, 4]),
      Float32Array.from([1, 0, 0, 0]),
      Float32Array.from([1, 1, 1, 1]),
      [1, 4],
    );
    const r = 1 / Math.sqrt(1.25 + 1e-5);
    const xHat = [-1.5, -0.5, 0.5, 1.5].map((c) => c * r);
    xHat.forEach((xk, k) => expect(dx![k]).toBeCloseTo(r * ((k === 0 ? 1 : 0) - 0.25 - (xk * xHat[0]!) / 4), 6));
  });

  it('gives the hand-computed x̂: [1, 2, 3, 4] has mean 2.5 and variance 1.25', async () => {
    const got = await fused(Float32Array.from([1, 2, 3, 4, 10, 10, 10, 10]), [2, 4]);
    const r = 1 / Math.sqrt(1.25 + 1e-5);
    [-1.5, -0.5, 0.5, 1.5].forEach((c, i) => expect(got[i]).toBeCloseTo(c * r, 6));
    // A constant row: x − μ = 0 exactly, so x̂ = 0 whatever r is.
    expect(Array.from(got.slice(4))).toEqual([0, 0, 0, 0]);
  });

  it('runs as one kernel where the compositions took seven (x̂) and eight (∂x)', async () => {
    const x = tf.randomNormal([8, 64]) as tf.Tensor2D;
    const dy = tf.randomNormal([8, 64]) as tf.Tensor2D;
    const gain = tf.ones([64]) as tf.Tensor1D;
    const count = async (f: () => tf.Tensor) => (await tf.profile(() => tf.tidy(f))).kernels.length;
    const forward = () => standardise(x);
    // A layer norm's value and its ∂x only: y = x̂·g + b is two kernels more.
    const backward = () => tf.grad((xs: tf.Tensor) => layerNorm(xs as tf.Tensor2D, gain, tf.zeros([64])))(x, dy);
    const [fusedForward, fusedBackward] = [await count(forward), await count(backward)];
    const [plainForward, plainBackward] = await composed(async () => [await count(forward), await count(backward)]);
    expect([fusedForward, plainForward]).toEqual([1, 7]);
    expect(plainBackward - fusedBackward).toBe(7 - 1 + 8 - 1);
    tf.dispose([x, dy, gain]);
  });
});
