/**
 * A kernel put in front of one of tfjs-backend-wasm's (src/model/kernels/wasm-kernel-front.ts):
 * installed once, the calls it declines reach tfjs's own kernel, and nothing changes when it is not
 * usable. Tried on Neg, which no kernel of the project replaces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmHeap } from '../../../../src/model/kernels/wasm-heap';
import { wasmKernelFront } from '../../../../src/model/kernels/wasm-kernel-front';
import { tf, useBackend } from '../fixtures';

describe('a kernel in front of tfjs-backend-wasm’s', () => {
  beforeAll(async () => {
    await useBackend('wasm');
  });

  it('is not installed when it is not usable: tfjs’s own kernel keeps running', async () => {
    const tfjsNeg = tf.getKernel('Neg', 'wasm');
    const front = wasmKernelFront(
      'Neg',
      () => null,
      () => false,
    );
    expect(front.install()).toBe(false);
    expect(front.installed()).toBe(false);
    expect(tf.getKernel('Neg', 'wasm')).toBe(tfjsNeg);
    expect(Array.from(await tf.neg(tf.tensor1d([1, -2])).data())).toEqual([-1, 2]);
  });

  it('answers the calls it takes and hands the others to tfjs’s kernel; a second install changes nothing', async () => {
    const taken: number[] = [];
    // Takes only tensors of 3 numbers, answering them with 7s (not what Neg computes).
    const front = wasmKernelFront('Neg', (args) => {
      const x = args.inputs.x as tf.TensorInfo;
      if (tf.util.sizeFromShape(x.shape) !== 3) return null;
      taken.push(3);
      const heap = args.backend as unknown as WasmHeap;
      const out = heap.makeOutput(x.shape, 'float32');
      heap.typedArrayFromHeap(out).fill(7);
      return out;
    });
    expect(front.install()).toBe(true);
    const registered = tf.getKernel('Neg', 'wasm');
    expect(front.install()).toBe(true);
    expect(tf.getKernel('Neg', 'wasm')).toBe(registered);
    expect(front.installed()).toBe(true);
    expect(Array.from(await tf.neg(tf.tensor1d([1, 2, 3])).data())).toEqual([7, 7, 7]);
    expect(Array.from(await tf.neg(tf.tensor1d([1, -2])).data())).toEqual([-1, 2]);
    expect(taken).toEqual([3]);
  });
});
