/**
 * A layer norm's standardisation and its ∂x in one WASM kernel each
 * (src/model/kernels/wasm-layer-norm.ts): bit for bit tfjs-backend-wasm's own kernels (run with
 * these unregistered) at every size, hand-computed values, one kernel where there were seven and
 * eight on a token step's rows, and tfjs's kernels above LAYER_NORM_KERNEL_ELEMENTS.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import { layerNorm, standardise } from '../../../../src/model/kernels/fast-ops';
import {
  installWasmLayerNorm,
  LAYER_NORM_GRAD_KERNEL,
  LAYER_NORM_KERNEL_ELEMENTS,
  layerNormGradKernel,
  STANDARDISE_KERNEL,
  standardiseKernel,
} from '../../../../src/model/kernels/wasm-layer-norm';
import { tf, useBackend, withoutWasmKernels } from '../fixtures';

/** Runs `f` with tfjs-backend-wasm's compositions: both kernels are left out for the call. */
const composed = <T>(f: () => Promise<T>): Promise<T> =>
  withoutWasmKernels([STANDARDISE_KERNEL, LAYER_NORM_GRAD_KERNEL], installWasmLayerNorm, f);

const read = async (t: tf.Tensor) => (await t.data()) as Float32Array;
const firstDifference = (a: Float32Array, b: Float32Array) => a.findIndex((v, i) => !Object.is(v, b[i]));

/** ∂(Σ y·u)/∂x of the layer norm y with gain g and bias g/3, as fast-ops computes it. */
function layerNormGradX(x: tf.Tensor2D, u: tf.Tensor2D, gain: tf.Tensor1D): tf.Tensor {
  const bias = tf.div(gain, 3) as tf.Tensor1D;
  return tf.grad((xs: tf.Tensor) => layerNorm(xs as tf.Tensor2D, gain, bias))(x, u);
}

describe('a layer norm in WASM kernels', () => {
  beforeAll(() => useBackend('wasm'));
  afterEach(() => installWasmLayerNorm());

  // [m, d, spread, offset]: a token step (8 × 64), a classroom phase's width, prefill rows, widths
  // whose 1/d is not a power of two, rows far from zero, nearly constant rows, a training batch.
  const CASES: [number, number, number, number][] = [
    [8, 64, 1, 0],
    [160, 64, 3, 0.5],
    [64, 64, 30, -4],
    [5, 48, 2, 1],
    [3, 37, 0.01, 0],
    [7, 100, 1e-3, 50],
    [1024, 64, 2, 0],
  ];
  it.each(CASES)(
    '[%i, %i] rows (spread %f, offset %f): x̂, r and ∂x bit for bit tfjs’s kernels',
    async (m, d, spread, offset) => {
      const rng = new Rng(m * 131 + d);
      const draw = (n: number, s: number, o: number) =>
        Float32Array.from({ length: n }, () => o + (rng.next() - 0.5) * 2 * spread * s);
      const x = tf.tensor2d(draw(m * d, 1, offset), [m, d]);
      const u = tf.tensor2d(draw(m * d, 1 / spread, 0), [m, d]);
      const gain = tf.tensor1d(draw(d, 0.5 / spread, 1));
      // tfjs's kernels: x̂ through the taped layer norm's own standardisation, ∂x through its gradient.
      const [wantXHat, wantDx] = await composed(async () => [
        await read(standardise(x)),
        await read(layerNormGradX(x, u, gain)),
      ]);
      const { xHat, r } = standardiseKernel(x);
      expect(firstDifference(await read(xHat), wantXHat)).toBe(-1);
      // ∂x = r·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)) for dy = u.
      expect(firstDifference(await read(layerNormGradKernel(u, xHat, r, gain)), wantDx)).toBe(-1);
      tf.dispose([x, u, gain, xHat, r]);
    },
  );

  it('gives the hand-computed x̂ and ∂x: [1, 2, 3, 4] has mean 2.5 and variance 1.25', async () => {
    const { xHat, r } = standardiseKernel(tf.tensor2d([1, 2, 3, 4, 10, 10, 10, 10], [2, 4]));
    const rr = 1 / Math.sqrt(1.25 + 1e-5);
    const want = [-1.5, -0.5, 0.5, 1.5].map((c) => c * rr);
    const got = await read(xHat);
    want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, 6));
    // A constant row: x − μ = 0 exactly, so x̂ = 0 whatever r is.
    expect(Array.from(got.slice(4))).toEqual([0, 0, 0, 0]);
    expect((await read(r))[0]).toBeCloseTo(rr, 5);
    // dy = e₁, g = 1: mean(ĝ) = 1/4 and mean(ĝ·x̂) = x̂₁/4, so ∂x_k = r·(δ_1k − 1/4 − x̂_k·x̂₁/4).
    const dy = tf.tensor2d([1, 0, 0, 0, 0, 0, 0, 0], [2, 4]);
    const dx = await read(layerNormGradKernel(dy, xHat, r, tf.ones([4])));
    want.forEach((xk, k) => expect(dx[k]).toBeCloseTo(rr * ((k === 0 ? 1 : 0) - 0.25 - (xk * want[0]!) / 4), 5));
  });

  it('runs one kernel where tfjs took seven (x̂) and eight (∂x) on a token step, and tfjs’s above the bound', async () => {
    const count = async (f: () => tf.Tensor) => (await tf.profile(() => tf.tidy(f))).kernels.length;
    const counts = async (rows: number) => {
      const x = tf.randomNormal([rows, 64]) as tf.Tensor2D;
      const u = tf.randomNormal([rows, 64]) as tf.Tensor2D;
      const gain = tf.ones([64]) as tf.Tensor1D;
      const out = [await count(() => standardise(x)), await count(() => layerNormGradX(x, u, gain))];
      tf.dispose([x, u, gain]);
      return out;
    };
    const small = await counts(8);
    const smallPlain = await composed(() => counts(8));
    expect([small[0], smallPlain[0]]).toEqual([1, 7]);
    // The taped pass standardises too: 7 → 1 there, and 8 → 1 for ∂x.
    expect(smallPlain[1]! - small[1]!).toBe(6 + 7);
    const rows = LAYER_NORM_KERNEL_ELEMENTS / 64 + 1;
    expect(await counts(rows)).toEqual(await composed(() => counts(rows)));
  });
});
