/**
 * The inverse-CDF step of sampling (sampling.ts) on the WASM backend in one kernel: for weights
 * w [B, n] and uniforms u [B], out[r] = min(#{i : c_i − t ≤ 0}, n − 1), where c_i = w_0 + … + w_i
 * is row r's running sum and t = u_r · (w_0 + … + w_{n−1}). Composed of tfjs's kernels it took ten
 * per token step (two sums, a running sum, a product, a difference, a comparison, a cast, a
 * minimum and reshapes). tfjs-backend-wasm computes its sums and running sums in float32, one
 * term after another from the left, and rounds each product and difference to float32; this
 * kernel does the same with `Math.fround`, so its draws are tfjs's bit for bit
 * (tests/unit/model/kernels/wasm-inverse-cdf.test.ts compares them on many rows).
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmNumericHeap } from './wasm-heap';

export const INVERSE_CDF_KERNEL = 'A0WasmInverseCdf';

const f32 = Math.fround;

/** The kernel's arithmetic on flat views: w holds B rows of n weights. */
function inverseCdfRows(w: Float32Array, u: Float32Array, n: number, out: Int32Array): void {
  for (let r = 0; r < u.length; r++) {
    const row = r * n;
    let total = 0;
    for (let i = 0; i < n; i++) total = f32(total + (w[row + i] as number));
    const target = f32((u[r] as number) * total);
    let running = 0;
    let below = 0;
    for (let i = 0; i < n; i++) {
      running = f32(running + (w[row + i] as number));
      if (f32(running - target) <= 0) below++;
    }
    out[r] = Math.min(below, n - 1);
  }
}

const inverseCdfFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { w, uniforms } = inputs as Record<'w' | 'uniforms', tf.TensorInfo>;
  const heap = backend as unknown as WasmNumericHeap;
  const [b, n] = w.shape as [number, number];
  const out = heap.makeOutput([b], 'int32');
  inverseCdfRows(
    heap.typedArrayFromHeap(w) as Float32Array,
    heap.typedArrayFromHeap(uniforms) as Float32Array,
    n,
    heap.typedArrayFromHeap(out) as Int32Array,
  );
  return out;
};

/** Registers the kernel for the WASM backend (once). */
export function installWasmInverseCdf(): void {
  if (!tf.getKernel(INVERSE_CDF_KERNEL, 'wasm'))
    tf.registerKernel({ kernelName: INVERSE_CDF_KERNEL, backendName: 'wasm', kernelFunc: inverseCdfFunc });
}

/** The positions [B] by the kernel, or null where the backend has none (sampling.ts composes them). */
export function wasmInverseCdf(w: tf.Tensor2D, uniforms: tf.Tensor1D): tf.Tensor1D | null {
  if (!tf.getKernel(INVERSE_CDF_KERNEL, tf.getBackend())) return null;
  return tf.engine().runKernel(INVERSE_CDF_KERNEL, { w, uniforms }) as tf.Tensor1D;
}
