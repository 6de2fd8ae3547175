/**
 * A key/value cache write on the WASM backend that does not copy the cache: row rows[i] of the
 * cache becomes updates[i] (a later i wins), the result of `tf.tensorScatterUpdate(cache, rows,
 * updates)`. tfjs-backend-wasm's scatter first copies the whole cache into a new buffer —
 * B·H·(capacity + 1)·d/H floats per layer, for the keys and for the values, on every token step:
 * at a classroom phase's 320 sequences and 128 positions that is 64 MB per token step (1.4 s of
 * copying in a CPU profile of two classroom iterations). This kernel writes into the cache's own
 * buffer when that buffer has no other reference (the backend's reference count is 1) and returns
 * a tensor on it; otherwise it copies first, as the scatter does. Either way the values are the
 * scatter's, bit for bit. Row indices come from extendPlan (and generation's narrowing, kv-cache.ts);
 * one outside the cache is dropped (short rows) or refused (rows of 256 numbers or more), never
 * written elsewhere in the heap (the float32 view ends where the cache's buffer ends).
 *
 * The input tensor is consumed: after the call its values are the output's, so the caller must not
 * read it again (forwardExtend's cache writer disposes it at once).
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmHeap } from './wasm-heap';

export const CACHE_WRITE_KERNEL = 'A0WasmCacheRows';

/** What the kernel reads of tfjs-backend-wasm's backend beyond WasmHeap: a buffer's reference count. */
interface WasmBuffers extends WasmHeap {
  dataIdMap: { get(dataId: object): { refCount: number } };
  incRef(dataId: object): void;
}

/** cache[rows[i]] = updates[i] for every i in order (rows and updates as flat views, d values per row). */
function writeRows(cache: Float32Array, rows: Int32Array, updates: Float32Array, d: number): void {
  // Long rows (a whole sequence's cache, when generation widens its batch again) as block copies.
  if (d >= 256) {
    for (let i = 0; i < rows.length; i++) cache.set(updates.subarray(i * d, (i + 1) * d), (rows[i] as number) * d);
    return;
  }
  // A plain loop: a subarray per row (1,280 rows of 16 per call at a classroom phase's width) took 2–4× as long.
  for (let i = 0; i < rows.length; i++) {
    const to = (rows[i] as number) * d;
    const from = i * d;
    for (let k = 0; k < d; k++) cache[to + k] = updates[from + k] as number;
  }
}

const cacheWriteFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { cache, rows, updates } = inputs as Record<'cache' | 'rows' | 'updates', tf.TensorInfo>;
  const heap = backend as unknown as WasmBuffers;
  const [, d] = cache.shape as [number, number];
  let out: tf.TensorInfo;
  if (heap.dataIdMap.get(cache.dataId).refCount === 1) {
    heap.incRef(cache.dataId);
    out = { dataId: cache.dataId, shape: cache.shape, dtype: 'float32' };
  } else {
    out = heap.makeOutput([...cache.shape], 'float32');
    heap.typedArrayFromHeap(out).set(heap.typedArrayFromHeap(cache));
  }
  const rowView = heap.typedArrayFromHeap(rows);
  const rowIds = new Int32Array(rowView.buffer, rowView.byteOffset, rowView.length);
  writeRows(heap.typedArrayFromHeap(out), rowIds, heap.typedArrayFromHeap(updates), d);
  return out;
};

/** Registers the kernel for the WASM backend (once). */
export function installWasmCacheWrite(): void {
  if (!tf.getKernel(CACHE_WRITE_KERNEL, 'wasm'))
    tf.registerKernel({ kernelName: CACHE_WRITE_KERNEL, backendName: 'wasm', kernelFunc: cacheWriteFunc });
}

/**
 * The cache [R, d] with row rows[i] ([n, 1], int32) set to updates[i] ([n, d]): in place on WASM
 * (the module comment), `tf.tensorScatterUpdate` elsewhere. Consumes `cache` on every backend.
 */
export function cacheRowsWrite(cache: tf.Tensor2D, rows: tf.Tensor2D, updates: tf.Tensor2D): tf.Tensor2D {
  if (tf.getKernel(CACHE_WRITE_KERNEL, tf.getBackend()))
    return tf.engine().runKernel(CACHE_WRITE_KERNEL, { cache, rows, updates }) as tf.Tensor2D;
  return tf.tensorScatterUpdate(cache, rows, updates) as tf.Tensor2D;
}
