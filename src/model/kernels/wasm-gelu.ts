/**
 * gelu's elementwise arithmetic around σ in one WASM-backend kernel each way, bit for bit the
 * kernels tfjs-backend-wasm runs for fast-ops' composition (every operation rounded to float32 where
 * those kernels round it). σ itself stays tfjs's (XNNPACK's approximation).
 *
 * Forward, four kernels (square, mul, add, mul) before σ:
 *   x²  and  u = x·(x²·fl(k·a) + fl(k))        (gelu(x) = x·σ(u); k, a in gelu-constants.ts)
 * Backward, eight kernels (a sub, five muls, two adds) after σ, with s = σ(u):
 *   ∂x = dy·(s + ((1 − s)·s·x)·(x²·fl(3a·k) + fl(k)))
 */
import * as tf from '@tensorflow/tfjs';
import { GELU_A, GELU_K } from '../gelu-constants';
import { kernelActive, registerWasmKernel, type WasmHeap } from './wasm-heap';

export const GELU_GATE_KERNEL = 'A0GeluGateInput';
export const GELU_GRAD_KERNEL = 'A0GeluGrad';

/** gelu's constants as fast-ops writes them, rounded to float32 as tfjs rounds a scalar operand. */
const CONSTS = {
  ka: Math.fround(GELU_K * GELU_A),
  k: Math.fround(GELU_K),
  threeAK: Math.fround(3 * GELU_A * GELU_K),
};

const f32 = Math.fround;

const gateFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { x } = inputs as { x: tf.TensorInfo };
  const heap = backend as unknown as WasmHeap;
  const u = heap.makeOutput(x.shape, 'float32');
  const x2 = heap.makeOutput(x.shape, 'float32');
  const [xs, us, x2s] = [x, u, x2].map((t) => heap.typedArrayFromHeap(t)) as [Float32Array, Float32Array, Float32Array];
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i] as number;
    const sq = f32(v * v);
    x2s[i] = sq;
    us[i] = f32(v * f32(f32(sq * CONSTS.ka) + CONSTS.k));
  }
  return [u, x2];
};

const gradFunc: tf.KernelFunc = ({ inputs, backend }) => {
  const { dy, x, x2, s } = inputs as Record<'dy' | 'x' | 'x2' | 's', tf.TensorInfo>;
  const heap = backend as unknown as WasmHeap;
  const dx = heap.makeOutput(x.shape, 'float32');
  const [dys, xs, x2s, ss, out] = [dy, x, x2, s, dx].map((t) => heap.typedArrayFromHeap(t)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  for (let i = 0; i < xs.length; i++) {
    const si = ss[i] as number;
    const slope = f32(f32(f32(1 - si) * si) * (xs[i] as number));
    const inner = f32(f32((x2s[i] as number) * CONSTS.threeAK) + CONSTS.k);
    out[i] = f32((dys[i] as number) * f32(si + f32(slope * inner)));
  }
  return dx;
};

/** Registers both kernels for the WASM backend (once). */
export function installWasmGelu(): void {
  registerWasmKernel(GELU_GATE_KERNEL, gateFunc);
  registerWasmKernel(GELU_GRAD_KERNEL, gradFunc);
}

/** Whether the current backend runs gelu's arithmetic around σ as these kernels. */
export function geluKernelsActive(): boolean {
  return kernelActive(GELU_GATE_KERNEL) && kernelActive(GELU_GRAD_KERNEL);
}

/** σ's argument u and x² of x, in one kernel. */
export function geluGateKernel(x: tf.Tensor): { u: tf.Tensor; x2: tf.Tensor } {
  const [u, x2] = tf.engine().runKernel(GELU_GATE_KERNEL, { x }) as [tf.Tensor, tf.Tensor];
  return { u, x2 };
}

/** gelu's ∂x from dy, x, x² and s = σ(u), in one kernel. */
export function geluGradKernel(dy: tf.Tensor, x: tf.Tensor, x2: tf.Tensor, s: tf.Tensor): tf.Tensor {
  return tf.engine().runKernel(GELU_GRAD_KERNEL, { dy, x, x2, s }) as tf.Tensor;
}
