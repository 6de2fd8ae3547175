/**
 * A layer norm's standardisation and its gradient each in one WASM-backend kernel, bit for bit the
 * kernels tfjs-backend-wasm runs for fast-ops' compositions. Every operation is rounded to float32
 * where those kernels round it, and a row mean is XNNPACK's product x·(w·1) with w = fl(1/d), which
 * sums k = 0 … d−1 in order, one multiply and one add each: mean(v) = Σ_k fl(v_k·w).
 *
 * Forward, seven kernels (two products, sub, square, add, rsqrt, mul), for each row x [d]:
 *   μ = mean(x)    c_k = x_k − μ    r = 1/√(mean(c·c) + fl(1e-5))    x̂_k = c_k·r
 * Backward, eight kernels (two products, four muls, two subs), with ĝ_k = dy_k·g_k:
 *   ∂x_k = r·((ĝ_k − mean(ĝ)) − x̂_k·mean(ĝ·x̂))
 *
 * At 8 sequences a token step is bound by launching its kernels, and its seven standardisations
 * took 49 of them; on larger inputs tfjs's kernels stay (LAYER_NORM_KERNEL_ELEMENTS). Recorded runs
 * replay unchanged; tests/unit/model/kernels/wasm-layer-norm.test.ts checks the bits against the
 * compositions.
 */
import * as tf from '@tensorflow/tfjs';
import type { WasmHeap } from './wasm-heap';

export const STANDARDISE_KERNEL = 'A0Standardise';
export const LAYER_NORM_GRAD_KERNEL = 'A0LayerNormGradX';

const f32 = Math.fround;
const EPS = f32(1e-5);

/** Σ_k fl(v_k·w) over one row, in order (XNNPACK's row mean). */
function rowMean(v: Float32Array, row: number, d: number, w: number): number {
  let sum = 0;
  for (let k = 0; k < d; k++) sum = f32(sum + f32((v[row + k] as number) * w));
  return sum;
}

/** x̂ and r of every row of x (the module comment's forward). */
function standardiseRows(x: Float32Array, m: number, d: number, xHat: Float32Array, r: Float32Array): void {
  const w = f32(1 / d);
  for (let i = 0; i < m; i++) {
    const row = i * d;
    const mean = rowMean(x, row, d, w);
    let variance = 0;
    for (let k = 0; k < d; k++) {
      const c = f32((x[row + k] as number) - mean);
      variance = f32(variance + f32(f32(c * c) * w));
    }
    const ri = f32(1 / f32(Math.sqrt(f32(variance + EPS))));
    r[i] = ri;
    for (let k = 0; k < d; k++) xHat[row + k] = f32(f32((x[row + k] as number) - mean) * ri);
  }
}

/** ∂x of every row (the module comment's backward). */
function layerNormGradRows(
  dy: Float32Array,
  xHat: Float32Array,
  r: Float32Array,
  gain: Float32Array,
  m: number,
  d: number,
  dx: Float32Array,
): void {
  const w = f32(1 / d);
  const gHat = new Float32Array(d);
  const gx = new Float32Array(d);
  for (let i = 0; i < m; i++) {
    const row = i * d;
    for (let k = 0; k < d; k++) {
      gHat[k] = f32((dy[row + k] as number) * (gain[k] as number));
      gx[k] = f32((gHat[k] as number) * (xHat[row + k] as number));
    }
    const meanG = rowMean(gHat, 0, d, w);
    const meanGx = rowMean(gx, 0, d, w);
    const ri = r[i] as number;
    for (let k = 0; k < d; k++) {
      const centred = f32((gHat[k] as number) - meanG);
      dx[row + k] = f32(ri * f32(centred - f32((xHat[row + k] as number) * meanGx)));
    }
  }
}

const standardiseFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { x } = inputs as { x: tf.TensorInfo };
  const heap = backend as unknown as WasmHeap;
  const [m, d] = x.shape as [number, number];
  const xHat = heap.makeOutput([m, d], 'float32');
  const r = heap.makeOutput([m, 1], 'float32');
  standardiseRows(heap.typedArrayFromHeap(x), m, d, heap.typedArrayFromHeap(xHat), heap.typedArrayFromHeap(r));
  return [xHat, r];
};

const gradFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { dy, xHat, r, gain } = inputs as Record<'dy' | 'xHat' | 'r' | 'gain', tf.TensorInfo>;
  const heap = backend as unknown as WasmHeap;
  const [m, d] = dy.shape as [number, number];
  const dx = heap.makeOutput([m, d], 'float32');
  const read = (t: tf.TensorInfo) => heap.typedArrayFromHeap(t);
  layerNormGradRows(read(dy), read(xHat), read(r), read(gain), m, d, read(dx));
  return dx;
};

/** Registers both kernels for the WASM backend (once). */
export function installWasmLayerNorm(): void {
  for (const [kernelName, kernelFunc] of [
    [STANDARDISE_KERNEL, standardiseFunc],
    [LAYER_NORM_GRAD_KERNEL, gradFunc],
  ] as const)
    if (!tf.getKernel(kernelName, 'wasm')) tf.registerKernel({ kernelName, backendName: 'wasm', kernelFunc });
}

/** Whether the current backend has the kernel `name` (only WASM has these). */
const active = (name: string) => tf.getKernel(name, tf.getBackend()) !== undefined;

/**
 * Elements up to which these kernels run instead of tfjs's: they are plain JavaScript loops, which
 * beat the seven or eight kernels' launches on a token step's few rows but not XNNPACK's SIMD on a
 * training batch (docs/performance.md). Both give the same bits, so the choice changes no result.
 */
export const LAYER_NORM_KERNEL_ELEMENTS = 4096;

/** Whether the current backend standardises x in one kernel (WASM, and x small enough). */
export function standardiseKernelFor(x: tf.Tensor): boolean {
  return x.size <= LAYER_NORM_KERNEL_ELEMENTS && active(STANDARDISE_KERNEL);
}

/** Whether the current backend computes the layer norm's ∂x of dy in one kernel (WASM, and dy small enough). */
export function layerNormGradKernelFor(dy: tf.Tensor): boolean {
  return dy.size <= LAYER_NORM_KERNEL_ELEMENTS && active(LAYER_NORM_GRAD_KERNEL);
}

/** x̂ [m, d] and r [m, 1] of x [m, d] in one kernel (the current backend must have it). */
export function standardiseKernel(x: tf.Tensor2D): { xHat: tf.Tensor2D; r: tf.Tensor2D } {
  const [xHat, r] = tf.engine().runKernel(STANDARDISE_KERNEL, { x }) as [tf.Tensor2D, tf.Tensor2D];
  return { xHat, r };
}

/** ∂x [m, d] of a layer norm from dy [m, d], x̂ [m, d], r [m, 1] and the gain [d], in one kernel. */
export function layerNormGradKernel(dy: tf.Tensor2D, xHat: tf.Tensor2D, r: tf.Tensor, gain: tf.Tensor): tf.Tensor2D {
  return tf.engine().runKernel(LAYER_NORM_GRAD_KERNEL, { dy, xHat, r, gain }) as tf.Tensor2D;
}
