/**
 * Slice on the WASM backend read where its input lies: out[i₀, …, i_{r−1}] = x[b₀ + i₀, …,
 * b_{r−1} + i_{r−1}] for 0 ≤ i_k < size_k, the result of `tf.slice(x, begin, size)`, copied run by
 * run (a run: size_{r−1} numbers contiguous in both) from a view of tfjs's heap.
 *
 * tfjs-backend-wasm's own Slice first copies all of x out of the heap into a new JavaScript array
 * (`readSync`) and then copies the slice from that copy. In Chromium on the 2-core machine a new
 * array's memory costs about 3 µs per KB the first time it is written (in Node 0.07–0.4 µs), so
 * the slices that sampling and the log-probabilities take of the logits of 20–300 sequences took
 * 0.24–0.27 s of a classroom iteration in the tab against 0.03 s in Node (CPU profiles of the
 * engine worker and of Node, iteration 2). The copy is the same numbers in the same order, so
 * every result is bit for bit tfjs's own; strings still go to tfjs's kernel.
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmNumericHeap } from './wasm-heap';
import { wasmKernelFront } from './wasm-kernel-front';

type HeapArray = ReturnType<WasmNumericHeap['typedArrayFromHeap']>;

/**
 * Copies the slice `begin`/`size` of `x` (shape `shape`) into `out`: one `set` per run of the last
 * axis, the runs in row-major order (an odometer over the leading axes).
 */
function copySlice(
  x: HeapArray,
  shape: readonly number[],
  begin: readonly number[],
  size: readonly number[],
  out: HeapArray,
): void {
  const rank = shape.length;
  if (rank === 0 || size.some((s) => s === 0)) {
    if (rank === 0) out.set(x.subarray(0, 1));
    return;
  }
  const strides = tf.util.computeStrides(shape as number[]);
  const run = size[rank - 1] as number;
  const index = new Array<number>(rank - 1).fill(0);
  let to = 0;
  for (;;) {
    let from = begin[rank - 1] as number;
    for (let k = 0; k < rank - 1; k++) from += ((begin[k] as number) + (index[k] as number)) * (strides[k] as number);
    out.set(x.subarray(from, from + run), to);
    to += run;
    let k = rank - 2;
    while (k >= 0 && (index[k] = (index[k] as number) + 1) === size[k]) index[k--] = 0;
    if (k < 0) return;
  }
}

/** The slice copied from the heap, or null for a dtype left to tfjs's kernel. */
const slice = (args: Parameters<tf.KernelFunc>[0]): tf.TensorInfo | null => {
  const { inputs, attrs, backend } = args;
  const x = inputs.x as tf.TensorInfo;
  if (x.dtype === 'string' || x.dtype === 'complex64') return null;
  const { begin, size } = attrs as unknown as { begin: number | number[]; size: number | number[] };
  const [begin_, size_] = tf.slice_util.parseSliceParams(x as tf.Tensor, begin, size) as [number[], number[]];
  const heap = backend as unknown as WasmNumericHeap;
  // The output first: allocating it may grow the heap, which detaches any view taken before.
  const out = heap.makeOutput(size_, x.dtype);
  if (tf.util.sizeFromShape(size_) === 0) return out;
  copySlice(heap.typedArrayFromHeap(x), x.shape, begin_, size_, heap.typedArrayFromHeap(out));
  return out;
};

const front = wasmKernelFront('Slice', slice);

/** Whether this kernel is the one tfjs runs for Slice on the WASM backend. */
export const wasmSliceInstalled = front.installed;

/** Puts this kernel in front of tfjs-backend-wasm's Slice (once); false when there is none. */
export const installWasmSlice = front.install;
