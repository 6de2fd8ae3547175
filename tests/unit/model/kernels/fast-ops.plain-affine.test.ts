/**
 * Inference's x·W + b (src/model/kernels/fast-ops.ts PLAIN_OPS.affine), which runs tfjs's fused product
 * kernel directly: bit for bit `tf.fused.matMul` on every Node backend, and hand-computed.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import { PLAIN_OPS } from '../../../../src/model/kernels/fast-ops';
import { tf, useBackend } from '../fixtures';

describe.each(['wasm', 'cpu'] as const)('inference’s affine product on %s', (backend) => {
  it('is x·W + b (hand-computed)', async () => {
    await useBackend(backend);
    // [1 2; 3 4]·[1 0 2; 0 1 1] + [10 20 30] = [11 22 34; 13 24 40].
    const y = tf.tidy(() =>
      PLAIN_OPS.affine(
        tf.tensor2d([1, 2, 3, 4], [2, 2]),
        tf.tensor2d([1, 0, 2, 0, 1, 1], [2, 3]),
        tf.tensor1d([10, 20, 30]),
      ),
    );
    expect(y.shape).toEqual([2, 3]);
    expect(Array.from(await y.data())).toEqual([11, 22, 34, 13, 24, 40]);
    y.dispose();
  });

  it('gives tf.fused.matMul’s numbers bit for bit and leaves no tensor behind', async () => {
    await useBackend(backend);
    const rng = new Rng(5);
    const rand = (n: number) => Float32Array.from({ length: n }, () => rng.next() * 2 - 1);
    const x = tf.tensor2d(rand(24 * 64), [24, 64]);
    const w = tf.tensor2d(rand(64 * 96), [64, 96]);
    const b = tf.tensor1d(rand(96));
    const before = tf.memory().numTensors;
    const ours = tf.tidy(() => PLAIN_OPS.affine(x, w, b));
    const theirs = tf.tidy(() => tf.fused.matMul({ a: x, b: w, bias: b }));
    expect(tf.memory().numTensors).toBe(before + 2);
    expect(Array.from(await ours.data())).toEqual(Array.from(await theirs.data()));
    tf.dispose([x, w, b, ours, theirs]);
  });
});
