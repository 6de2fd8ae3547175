/**
 * Attention's mask bias for one cache extension on the WASM backend in one kernel:
 * bias[r, k] = 0 where k < seen[r], else `masked`, for rows r < seen.length and key positions
 * k < width, written straight into tfjs's heap. Composed of tfjs's kernels (kv-cache.ts) it took
 * eight per token step (a range, a comparison, two fills, a select and reshapes), about 7 % of a
 * token step at 8 sequences in a CPU profile. Every number is 0 or `masked`, so the result is the
 * composed one bit for bit.
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmHeap } from './wasm-heap';

export const MASK_BIAS_KERNEL = 'A0WasmMaskBias';

interface MaskBiasAttrs {
  /** Per row, how many key positions it sees (the first ones). */
  seen: number[];
  width: number;
  masked: number;
}

/** bias[r·width + k] = 0 if k < seen[r], else masked. */
function fillMaskBias(out: Float32Array, seen: readonly number[], width: number, masked: number): void {
  for (let r = 0; r < seen.length; r++) {
    const row = r * width;
    const visible = Math.min(Math.max(seen[r] as number, 0), width);
    out.fill(0, row, row + visible);
    out.fill(masked, row + visible, row + width);
  }
}

const maskBiasFunc: tf.KernelFunc = ({ backend, attrs }) => {
  const { seen, width, masked } = attrs as unknown as MaskBiasAttrs;
  const heap = backend as unknown as WasmHeap;
  const out = heap.makeOutput([seen.length, width], 'float32');
  fillMaskBias(heap.typedArrayFromHeap(out), seen, width, masked);
  return out;
};

/** Registers the kernel for the WASM backend (once). */
export function installWasmMaskBias(): void {
  if (!tf.getKernel(MASK_BIAS_KERNEL, 'wasm'))
    tf.registerKernel({ kernelName: MASK_BIAS_KERNEL, backendName: 'wasm', kernelFunc: maskBiasFunc });
}

/** The bias [seen.length, width] by the kernel, or null where the backend has none (kv-cache.ts composes it). */
export function wasmMaskBias(seen: Int32Array, width: number, masked: number): tf.Tensor2D | null {
  if (!tf.getKernel(MASK_BIAS_KERNEL, tf.getBackend())) return null;
  const attrs = { seen: Array.from(seen), width, masked };
  return tf.engine().runKernel(MASK_BIAS_KERNEL, {}, attrs as unknown as tf.NamedAttrMap) as tf.Tensor2D;
}
