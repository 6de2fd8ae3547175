/**
 * gelu's arithmetic around σ in one WASM kernel each way (src/model/kernels/wasm-gelu.ts): the
 * value and the gradient bit for bit tfjs-backend-wasm's own kernels (run with these
 * unregistered), the hand-computed value, three kernels for the value where there were six, and
 * one for the gradient where there were eight.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { PLAIN_OPS, TAPED_OPS } from '../../../src/model/fast-ops';
import { GELU_GATE_KERNEL, GELU_GRAD_KERNEL, installWasmGelu } from '../../../src/model/kernels/wasm-gelu';
import { tf, useBackend } from './fixtures';

/** Runs `f` with tfjs-backend-wasm's composition: both kernels are left out for the call. */
async function composed<T>(f: () => Promise<T>): Promise<T> {
  for (const name of [GELU_GATE_KERNEL, GELU_GRAD_KERNEL])
    if (tf.getKernel(name, 'wasm')) tf.unregisterKernel(name, 'wasm');
  try {
    return await f();
  } finally {
    installWasmGelu();
  }
}

/** gelu(x) without and with the custom gradient, and ∂Σ gelu(x)·u/∂x. */
async function geluAll(x: Float32Array, u: Float32Array) {
  const plain = tf.tidy(() => PLAIN_OPS.gelu(tf.tensor1d(x)));
  const taped = tf.tidy(() => TAPED_OPS.gelu(tf.tensor1d(x)));
  const [grad] = tf.grads((xs: tf.Tensor) => tf.sum(tf.mul(TAPED_OPS.gelu(xs), tf.tensor1d(u))))([tf.tensor1d(x)]);
  return Promise.all([plain, taped, grad!].map(async (t) => (await t.data()) as Float32Array));
}

describe('gelu in WASM kernels', () => {
  beforeAll(() => useBackend('wasm'));

  it.each([
    [256 * 8, 3],
    [1024 * 4, 8],
    [37, 0.01],
  ])('%i values (spread %f): value and gradient bit for bit the composition', async (n, spread) => {
    const rng = new Rng(n);
    const x = Float32Array.from({ length: n }, () => (rng.next() - 0.5) * 2 * spread);
    const u = Float32Array.from({ length: n }, () => rng.next() - 0.5);
    const want = await composed(() => geluAll(x, u));
    const got = await geluAll(x, u);
    got.forEach((g, i) => expect(g.findIndex((v, j) => !Object.is(v, want[i]![j]))).toBe(-1));
  });

  it("gives gelu's hand-computed values: 0 at 0, about 0.8412 at 1 and −0.1588 at −1", async () => {
    // ½x(1 + tanh(√(2/π)(x + 0.044715x³))) at x = 1: ½(1 + tanh(0.7978846·1.044715)) = 0.841192.
    const [plain] = await geluAll(Float32Array.from([0, 1, -1]), Float32Array.from([1, 1, 1]));
    expect(plain![0]).toBe(0);
    expect(plain![1]).toBeCloseTo(0.841192, 5);
    expect(plain![2]).toBeCloseTo(-0.158808, 5);
  });

  it('runs three kernels forward where the composition took six, and ten fewer for a gradient', async () => {
    const x = tf.randomNormal([8, 256]);
    const dy = tf.randomNormal([8, 256]);
    const count = async (f: () => tf.Tensor) => (await tf.profile(() => tf.tidy(f))).kernels.length;
    const forward = () => PLAIN_OPS.gelu(x);
    const backward = () => tf.grad((xs: tf.Tensor) => TAPED_OPS.gelu(xs))(x, dy);
    const fused = [await count(forward), await count(backward)];
    const plain = await composed(async () => [await count(forward), await count(backward)]);
    expect([fused[0], plain[0]]).toEqual([3, 6]);
    // Forward inside the taped pass: 6 → 3; the gradient: 8 → 1.
    expect(plain[1]! - fused[1]!).toBe(3 + 7);
    tf.dispose([x, dy]);
  });
});
