/**
 * Transpose on the WASM backend in tiles (src/model/kernels/wasm-transpose.ts): every result
 * checked against out[b, j, i] = x[b, i, j] computed here from the counting input, for the shapes a
 * training step transposes, sizes that are not multiples of the tile, batched and size-1 axes,
 * int32 and a float32 NaN's payload, the permutations it leaves to tfjs, and a heap that grows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asMatrixTranspose,
  installWasmTranspose,
  wasmTransposeInstalled,
} from '../../../../src/model/kernels/wasm-transpose';
import { tf, useBackend } from '../fixtures';

/** x[i] = i for a tensor of `shape`. */
const counting = (shape: number[], dtype: 'float32' | 'int32' = 'float32') =>
  tf.tensor(
    Array.from({ length: tf.util.sizeFromShape(shape) }, (_, i) => i),
    shape,
    dtype,
  );

/** The transpose of `batch` counting matrices rows × cols, computed index by index. */
function expectedTranspose(batch: number, rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < batch; b++)
    for (let j = 0; j < cols; j++) for (let i = 0; i < rows; i++) out.push(b * rows * cols + i * cols + j);
  return out;
}

describe('which permutations are matrix transposes', () => {
  it('reads 2-D swaps, batched swaps and swaps of merged axes; refuses moved runs', () => {
    expect(asMatrixTranspose([1024, 64], [1, 0])).toEqual({ batch: 1, rows: 1024, cols: 64 });
    expect(asMatrixTranspose([2, 3, 4], [0, 2, 1])).toEqual({ batch: 2, rows: 3, cols: 4 });
    // out[k, i, j] = x[i, j, k]: x seen as [6, 4], transposed.
    expect(asMatrixTranspose([2, 3, 4], [2, 0, 1])).toEqual({ batch: 1, rows: 6, cols: 4 });
    // Axes of size 1 do not count: [1, 6, 1, 4] → [4, 6, 1, 1] is a [6, 4] transpose.
    expect(asMatrixTranspose([1, 6, 1, 4], [3, 1, 2, 0])).toEqual({ batch: 1, rows: 6, cols: 4 });
    // Dropping the 1 makes axes 0 and 2 neighbours: [4, 1, 5] by [0, 2, 1] is a copy, by [2, 1, 0] a [4, 5] transpose.
    expect(asMatrixTranspose([4, 1, 5], [0, 2, 1])).toEqual({ batch: 1, rows: 1, cols: 20 });
    expect(asMatrixTranspose([4, 1, 5], [2, 1, 0])).toEqual({ batch: 1, rows: 4, cols: 5 });
    // Attention's head split moves runs of 16: not a matrix transpose.
    expect(asMatrixTranspose([16, 64, 4, 16], [0, 2, 1, 3])).toBeNull();
    // Reversing three axes is two swaps.
    expect(asMatrixTranspose([2, 3, 4], [2, 1, 0])).toBeNull();
  });
});

describe('Transpose on wasm', () => {
  beforeAll(async () => {
    await useBackend('wasm');
    installWasmTranspose();
  });

  it('is the kernel tfjs runs for Transpose on wasm', () => {
    expect(wasmTransposeInstalled()).toBe(true);
  });

  it('transposes the matrices a training step transposes: [1024, 64], [1024, 256], [1024, 219]', async () => {
    for (const [r, c] of [
      [1024, 64],
      [1024, 256],
      [1024, 219],
    ] as const) {
      const out = tf.transpose(counting([r, c]));
      expect(out.shape).toEqual([c, r]);
      expect(Array.from(await out.data())).toEqual(expectedTranspose(1, r, c));
      out.dispose();
    }
  });

  it('transposes sizes that are not multiples of the tile, and single rows and columns', async () => {
    for (const [r, c] of [
      [37, 45],
      [45, 37],
      [33, 1],
      [1, 33],
      [3, 2],
    ] as const) {
      expect(Array.from(await tf.transpose(counting([r, c])).data())).toEqual(expectedTranspose(1, r, c));
    }
  });

  it('transposes each matrix of a batch ([0, 2, 1]) and merged axes ([2, 0, 1])', async () => {
    const batched = tf.transpose(counting([3, 35, 41]), [0, 2, 1]);
    expect(batched.shape).toEqual([3, 41, 35]);
    expect(Array.from(await batched.data())).toEqual(expectedTranspose(3, 35, 41));
    // out[k, i, j] = x[i, j, k] = 20·i + 4·j + k for x of shape [2, 5, 4].
    const merged = tf.transpose(counting([2, 5, 4]), [2, 0, 1]);
    expect(merged.shape).toEqual([4, 2, 5]);
    expect(Array.from(await merged.data())).toEqual(expectedTranspose(1, 10, 4));
  });

  it('drops axes of size 1, and copies where only they move', async () => {
    const out = tf.transpose(counting([1, 6, 1, 4]), [3, 1, 2, 0]);
    expect(out.shape).toEqual([4, 6, 1, 1]);
    expect(Array.from(await out.data())).toEqual(expectedTranspose(1, 6, 4));
    const between = tf.transpose(counting([4, 1, 5]), [2, 1, 0]);
    expect(between.shape).toEqual([5, 1, 4]);
    expect(Array.from(await between.data())).toEqual(expectedTranspose(1, 4, 5));
    const copy = tf.transpose(counting([5, 1, 3]), [1, 0, 2]);
    expect(copy.shape).toEqual([1, 5, 3]);
    expect(Array.from(await copy.data())).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('keeps int32 values and a float32 NaN payload bit for bit', async () => {
    const ints = tf.transpose(counting([40, 3], 'int32'));
    expect(ints.dtype).toBe('int32');
    expect(Array.from(await ints.data())).toEqual(expectedTranspose(1, 40, 3));
    // A signalling NaN (quiet bit clear): moved through a JavaScript number it would come out quiet.
    const bits = new Int32Array([0x7f800001, 0x3f800000, 0x7fa00005, -1, 0, 0x00000001]);
    const out = tf.transpose(tf.tensor2d(new Float32Array(bits.buffer), [2, 3]));
    const got = new Int32Array((await out.data()).buffer);
    expect(Array.from(got)).toEqual([0x7f800001, -1, 0x3f800000, 0, 0x7fa00005, 0x00000001]);
  });

  it('leaves moved runs to tfjs and gets them right: [2, 3, 4, 2] by [0, 2, 1, 3]', async () => {
    const out = tf.transpose(counting([2, 3, 4, 2]), [0, 2, 1, 3]);
    const expected: number[] = [];
    for (let a = 0; a < 2; a++)
      for (let c = 0; c < 4; c++)
        for (let b = 0; b < 3; b++) for (let d = 0; d < 2; d++) expected.push(a * 24 + b * 8 + c * 2 + d);
    expect(Array.from(await out.data())).toEqual(expected);
  });

  it('reads its input after allocating its output, so a heap that grows in between is read right', async () => {
    const heapBytes = () => (tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8.length;
    const n = Math.ceil((1.5 * heapBytes()) / 8);
    const x = tf.concat([tf.fill([1, n], 1), tf.fill([1, n], 2)]);
    const before = heapBytes();
    const out = tf.transpose(x);
    expect(heapBytes()).toBeGreaterThan(before);
    const values = await out.data();
    expect([values[0], values[1], values[2 * n - 2], values[2 * n - 1]]).toEqual([1, 2, 1, 2]);
    tf.dispose([x, out]);
  });
});
