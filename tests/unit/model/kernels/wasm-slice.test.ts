/**
 * Slice on the WASM backend read from tfjs's heap (src/model/kernels/wasm-slice.ts): hand-computed
 * slices of every rank the model uses, contiguous and not, of float32, int32 and bool, and a slice
 * taken while its output's allocation grows the heap.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installWasmSlice, wasmSliceInstalled } from '../../../../src/model/kernels/wasm-slice';
import { tf, useBackend } from '../fixtures';

/** x[i] = i for a tensor of `shape`. */
const counting = (shape: number[], dtype: 'float32' | 'int32' = 'float32') =>
  tf.tensor(
    Array.from({ length: tf.util.sizeFromShape(shape) }, (_, i) => i),
    shape,
    dtype,
  );

describe('Slice on wasm', () => {
  beforeAll(async () => {
    await useBackend('wasm');
    installWasmSlice();
  });

  it('is the kernel tfjs runs for Slice on wasm, and never copies its input out of the heap', async () => {
    expect(wasmSliceInstalled()).toBe(true);
    // tfjs-wasm's own Slice reads all of x into a new array first (backend.readSync).
    const readSync = vi.spyOn(tf.backend() as unknown as { readSync: () => unknown }, 'readSync');
    const x = counting([64, 32]);
    const out = tf.slice(x, [3, 5], [10, 20]);
    expect(readSync).not.toHaveBeenCalled();
    readSync.mockRestore();
    expect((await out.data())[0]).toBe(3 * 32 + 5);
    tf.dispose([x, out]);
  });

  it('takes a row range of a matrix (contiguous): rows 1–2 of a 4 × 3 counting matrix', async () => {
    const out = tf.slice(counting([4, 3]), [1, 0], [2, 3]);
    expect(out.shape).toEqual([2, 3]);
    expect(Array.from(await out.data())).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('takes columns of a matrix (a run per row): columns 1–2 of rows 0–2', async () => {
    const out = tf.slice(counting([4, 3]), [0, 1], [3, 2]);
    expect(Array.from(await out.data())).toEqual([1, 2, 4, 5, 7, 8]);
  });

  it('takes a box of a rank-3 and a rank-5 tensor, size −1 meaning to the end', async () => {
    // x[i, j, k] = 12i + 4j + k, shape [2, 3, 4]; the box i ∈ {1}, j ∈ {0, 1}, k ∈ {2, 3}.
    const box3 = tf.slice(counting([2, 3, 4]), [1, 0, 2], [1, 2, -1]);
    expect(box3.shape).toEqual([1, 2, 2]);
    expect(Array.from(await box3.data())).toEqual([14, 15, 18, 19]);
    // Shape [2, 2, 2, 2, 3], strides 24, 12, 6, 3, 1; the box [1, 0:2, 1, 0, 1:3].
    const box5 = tf.slice(counting([2, 2, 2, 2, 3], 'int32'), [1, 0, 1, 0, 1], [1, 2, 1, 1, 2]);
    expect(box5.dtype).toBe('int32');
    expect(Array.from(await box5.data())).toEqual([31, 32, 43, 44]);
  });

  it('slices bool and scalar-like inputs and returns empty slices empty', async () => {
    const flags = tf.tensor1d([true, false, true, true], 'bool');
    expect(Array.from(await tf.slice(flags, [1], [2]).data())).toEqual([0, 1]);
    expect(Array.from(await tf.slice(counting([5]), [4], [1]).data())).toEqual([4]);
    expect(tf.slice(counting([3, 2]), [1, 0], [0, 2]).shape).toEqual([0, 2]);
  });

  it('reads its input after allocating its output, so a heap that grows in between is read right', async () => {
    // x holds 1.5× the heap's size before it, so after x no free block can hold a copy of all of x:
    // slicing all of x must grow the heap (a view of x taken before that would be detached).
    const heapBytes = () => (tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8.length;
    const n = Math.ceil((1.5 * heapBytes()) / 8);
    // (One fill, no temporaries whose freed memory could hold the copy.)
    const x = tf.fill([2, n], -2);
    const before = heapBytes();
    const all = tf.slice(x, [0, 0], [2, n]);
    expect(heapBytes()).toBeGreaterThan(before);
    const values = await all.data();
    expect([values[0], values[n - 1], values[n], values[2 * n - 1]]).toEqual([-2, -2, -2, -2]);
    tf.dispose([x, all]);
  });
});
