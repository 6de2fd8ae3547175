/**
 * Transpose on the WASM backend, in blocks: for a permutation that amounts to transposing `batch`
 * matrices of `rows` × `cols` (after axes of size 1 are dropped and axes that stay neighbours are
 * merged: [1, 0], [0, 2, 1]),
 *
 *   out[b, j, i] = x[b, i, j]   for 0 ≤ b < batch, 0 ≤ i < rows, 0 ≤ j < cols,
 *
 * copied in tiles of BLOCK × BLOCK numbers between views of tfjs's heap.
 *
 * tfjs-backend-wasm's own Transpose walks the output in order and reads the input down a column.
 * A linear layer's gradient transposes its input, [1024, 64] to [1024, 256] rows in a training
 * step; rows of 64 or 256 floats put every read of a column in the same few cache sets, and the
 * 16 transposes of [1024, 64] took 0.56 ms each, 18 ms of a 100 ms step (tf.profile, Node). In
 * tiles each cache line read or written is used whole. The numbers moved are the same, so every
 * result is bit for bit tfjs's own. Other permutations (attention's [0, 2, 1, 3] moves runs of a
 * head's width and is fast already) and every dtype but float32 and int32 go to tfjs's kernel.
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmNumericHeap } from './wasm-heap';
import { wasmKernelFront } from './wasm-kernel-front';

/** Side of the square tiles copied at a time (measured in Node: 16 and 32 alike, 8 slower). */
const BLOCK = 32;

/** A transpose seen as `batch` transposes of `rows` × `cols` matrices laid end to end. */
export interface MatrixTranspose {
  batch: number;
  rows: number;
  cols: number;
}

/**
 * The batched matrix transpose that `perm` applied to a tensor of `shape` amounts to, or null when
 * it is none (it moves runs longer than one number, or more than two groups of axes change place).
 * Axes of size 1 are dropped, then axes that are neighbours in the input and stay neighbours in
 * the output are merged; what is left must be [1, 0] (batch 1) or [0, 2, 1]. The identity gives
 * rows = 1 (a plain copy).
 */
export function asMatrixTranspose(shape: readonly number[], perm: readonly number[]): MatrixTranspose | null {
  // The axes of size > 1, numbered again in input order (so that dropping a 1 makes neighbours).
  const sizes = shape.filter((n) => n !== 1);
  const renumbered = shape.map((n, axis) => (n === 1 ? -1 : shape.slice(0, axis).filter((m) => m !== 1).length));
  const kept = perm.map((axis) => renumbered[axis] as number).filter((axis) => axis >= 0);
  // Merge output-order axes whose input axes follow each other: each group is one axis.
  const groups: number[][] = [];
  for (const axis of kept) {
    const last = groups[groups.length - 1];
    if (last && (last[last.length - 1] as number) + 1 === axis) last.push(axis);
    else groups.push([axis]);
  }
  const size = (g: number[]) => g.reduce((n, axis) => n * (sizes[axis] as number), 1);
  // Rank the groups by where they lie in the input.
  const inputOrder = [...groups].sort((a, b) => (a[0] as number) - (b[0] as number));
  const merged = groups.map((g) => inputOrder.indexOf(g));
  const all = tf.util.sizeFromShape(shape as number[]);
  if (merged.length <= 1) return { batch: 1, rows: 1, cols: all };
  if (merged.length === 2 && merged[0] === 1) {
    return { batch: 1, rows: size(inputOrder[0] as number[]), cols: size(inputOrder[1] as number[]) };
  }
  if (merged.length === 3 && merged[0] === 0 && merged[1] === 2 && merged[2] === 1) {
    const [b, r, c] = inputOrder as [number[], number[], number[]];
    return { batch: size(b), rows: size(r), cols: size(c) };
  }
  return null;
}

/**
 * out[b, j, i] = x[b, i, j], tile by tile (see the module comment). Four-byte numbers are moved as
 * int32 bit patterns, so a float32 NaN keeps its payload as tfjs's copy keeps it.
 */
function transposeTiles(x: Int32Array, t: MatrixTranspose, out: Int32Array): void {
  const { batch, rows, cols } = t;
  const n = rows * cols;
  for (let b = 0; b < batch; b++) {
    const base = b * n;
    for (let i0 = 0; i0 < rows; i0 += BLOCK) {
      const i1 = Math.min(i0 + BLOCK, rows);
      for (let j0 = 0; j0 < cols; j0 += BLOCK) {
        const j1 = Math.min(j0 + BLOCK, cols);
        for (let j = j0; j < j1; j++) {
          let to = base + j * rows + i0;
          for (let from = base + i0 * cols + j; from < base + i1 * cols; from += cols) out[to++] = x[from] as number;
        }
      }
    }
  }
}

/** The transpose in tiles, or null for a call left to tfjs's kernel. */
const transpose = (args: Parameters<tf.KernelFunc>[0]): tf.TensorInfo | null => {
  const { inputs, attrs, backend } = args;
  const x = inputs.x as tf.TensorInfo;
  const perm = (attrs as unknown as { perm: number[] }).perm;
  const t = x.dtype === 'float32' || x.dtype === 'int32' ? asMatrixTranspose(x.shape, perm) : null;
  if (t === null) return null;
  const heap = backend as unknown as WasmNumericHeap;
  // The output first: allocating it may grow the heap, which detaches any view taken before.
  const out = heap.makeOutput(
    perm.map((axis) => x.shape[axis] as number),
    x.dtype,
  );
  if (t.batch * t.rows * t.cols === 0) return out;
  const bits = (a: Float32Array | Int32Array | Uint8Array) => new Int32Array(a.buffer, a.byteOffset, a.length);
  const from = bits(heap.typedArrayFromHeap(x));
  const to = bits(heap.typedArrayFromHeap(out));
  if (t.rows === 1 || t.cols === 1) to.set(from);
  else transposeTiles(from, t, to);
  return out;
};

const front = wasmKernelFront('Transpose', transpose);

/** Whether this kernel is the one tfjs runs for Transpose on the WASM backend. */
export const wasmTransposeInstalled = front.installed;

/** Puts this kernel in front of tfjs-backend-wasm's Transpose (once); false when there is none. */
export const installWasmTranspose = front.install;
