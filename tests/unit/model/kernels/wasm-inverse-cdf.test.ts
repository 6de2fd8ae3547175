/**
 * Sampling's inverse-CDF step in one WASM kernel (src/model/kernels/wasm-inverse-cdf.ts):
 * hand-computed positions, and bit for bit the draws of tfjs-backend-wasm's own kernels (run with
 * the kernel unregistered) on many rows of sharp and flat weights.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import { INVERSE_CDF_KERNEL, installWasmInverseCdf } from '../../../../src/model/kernels/wasm-inverse-cdf';
import { sampleTokens } from '../../../../src/model/sampling';
import { tf, useBackend, withoutWasmKernels } from '../fixtures';

/** Ids drawn by sampleTokens at temperature `t` (and top-p `p`) on WASM, with or without the kernel. */
async function drawn(logits: tf.Tensor2D, u: tf.Tensor1D, t: number, p: number, kernel: boolean): Promise<number[]> {
  const draw = async () => {
    const ids = tf.tidy(() => sampleTokens(logits, u, { temperature: t, topP: p }));
    const out = Array.from(await ids.data());
    ids.dispose();
    return out;
  };
  return kernel ? draw() : withoutWasmKernels([INVERSE_CDF_KERNEL], installWasmInverseCdf, draw);
}

describe('the inverse-CDF kernel on wasm', () => {
  it('gives the first position whose running weight exceeds u·Σw (hand-computed)', async () => {
    await useBackend('wasm');
    // Weights 1, 2, 3, 4 (Σ 10, running 1, 3, 6, 10). u = 0 → 0; 0.25 → t 2.5 → 1; 0.3 → t 3, and
    // 3 − 3 ≤ 0 counts position 1 → 2; 0.95 → t 9.5 → 3; u near 1 still ≤ n − 1 = 3.
    const w = tf.tensor2d([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4], [5, 4]);
    const u = tf.tensor1d([0, 0.25, 0.3, 0.95, 0.99999994]);
    const ids = tf.engine().runKernel(INVERSE_CDF_KERNEL, { w, uniforms: u }) as tf.Tensor1D;
    expect(ids.dtype).toBe('int32');
    expect(Array.from(await ids.data())).toEqual([0, 1, 2, 3, 3]);
    tf.dispose([w, u, ids]);
  });

  it('sums in float32 from the left, as tfjs-wasm does (hand-computed)', async () => {
    await useBackend('wasm');
    // Weights 1, 2⁻²⁴, 2⁻²⁴, 1: in float32 1 + 2⁻²⁴ rounds to 1, so the running sums are 1, 1, 1, 2
    // and u = 0.5 gives t = 1 with three of them ≤ t: position 3 (min(3, n − 1)). Exact sums
    // (1, 1 + 2⁻²⁴, 1 + 2⁻²³, 2 + 2⁻²³) would give 1.
    const tiny = 2 ** -24;
    const w = tf.tensor2d([1, tiny, tiny, 1], [1, 4]);
    const u = tf.tensor1d([0.5]);
    const ids = tf.engine().runKernel(INVERSE_CDF_KERNEL, { w, uniforms: u }) as tf.Tensor1D;
    expect(Array.from(await ids.data())).toEqual([3]);
    const logits = tf.log(w) as tf.Tensor2D;
    expect(await drawn(logits, u, 1, 1, false)).toEqual([3]);
    tf.dispose([w, u, ids, logits]);
  });

  it('draws what tfjs-wasm’s own kernels draw, bit for bit, on 4,000 rows', async () => {
    await useBackend('wasm');
    const rng = new Rng(11);
    // 50 batches of 80 rows over a vocabulary of 96: logits from flat (scale 0.1) to sharp (scale 12).
    for (let batch = 0; batch < 50; batch++) {
      const scale = 0.1 * 1.1 ** batch;
      const logits = tf.tensor2d(
        Float32Array.from({ length: 80 * 96 }, () => scale * (rng.next() * 2 - 1)),
        [80, 96],
      );
      const u = tf.tensor1d(Float32Array.from({ length: 80 }, () => rng.next()));
      for (const [t, p] of [
        [1, 1],
        [0.7, 1],
        [1, 0.9],
      ] as const) {
        expect(await drawn(logits, u, t, p, true)).toEqual(await drawn(logits, u, t, p, false));
      }
      tf.dispose([logits, u]);
    }
  });
});
