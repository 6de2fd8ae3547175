/**
 * Whole rows of a matrix gathered on the WASM backend by one block copy per row: out[i] =
 * x[rows[i]], the result of `tf.gather(x, rows)`. Generation narrows its key/value cache to the
 * sequences still writing (one row per sequence, H·(capacity + 1)·d/H numbers each); tfjs-wasm's
 * gather computes an index per number, and narrowing took 0.9–1.0 s of a classroom iteration that
 * way (each copied row is 33 KB at 128 positions). A row outside x is refused, not read from
 * elsewhere in the heap.
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmHeap } from './wasm-heap';

export const ROWS_GATHER_KERNEL = 'A0WasmRowsGather';

const rowsGatherFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { x, rows } = inputs as Record<'x' | 'rows', tf.TensorInfo>;
  const heap = backend as unknown as WasmHeap;
  const [count, width] = x.shape as [number, number];
  const out = heap.makeOutput([rows.shape[0] as number, width], 'float32');
  const from = heap.typedArrayFromHeap(x);
  const to = heap.typedArrayFromHeap(out);
  const view = heap.typedArrayFromHeap(rows);
  const ids = new Int32Array(view.buffer, view.byteOffset, view.length);
  ids.forEach((r, i) => {
    if (r < 0 || r >= count) throw new Error(`rowsGather: row ${r} is outside 0 … ${count - 1}.`);
    to.set(from.subarray(r * width, (r + 1) * width), i * width);
  });
  return out;
};

/** Registers the kernel for the WASM backend (once). */
export function installWasmRowsGather(): void {
  if (!tf.getKernel(ROWS_GATHER_KERNEL, 'wasm'))
    tf.registerKernel({ kernelName: ROWS_GATHER_KERNEL, backendName: 'wasm', kernelFunc: rowsGatherFunc });
}

/** Whether the kernel runs for these row indices: the backend in use has it (WASM) and they are int32 (it reads them as such). */
export function rowsGatherTakes(rows: tf.Tensor1D): boolean {
  return rows.dtype === 'int32' && tf.getKernel(ROWS_GATHER_KERNEL, tf.getBackend()) !== undefined;
}

/** Rows `rows` ([n]) of x [R, d] as [n, d]: by block copies where the kernel takes them, `tf.gather` elsewhere. */
export function rowsGather(x: tf.Tensor2D, rows: tf.Tensor1D): tf.Tensor2D {
  if (rowsGatherTakes(rows)) return tf.engine().runKernel(ROWS_GATHER_KERNEL, { x, rows }) as tf.Tensor2D;
  return tf.gather(x, rows);
}
