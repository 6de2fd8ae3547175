/**
 * The fused kernels of training on WebGPU (webgpu-train.ts), called by name through tfjs: this file
 * does not load the WebGPU backend, so the WASM and Node builds can import it. Each function's
 * formula is its kernel's, in webgpu-train.ts.
 */
import * as tf from '@tensorflow/tfjs';

export const LAYER_NORM = 'A0LayerNorm';
export const LAYER_NORM_GRAD = 'A0LayerNormGrad';
export const COLUMN_SUMS = 'A0ColumnSums';
export const GELU = 'A0Gelu';
export const GELU_GRAD = 'A0GeluGrad';
/** Every fused training kernel's name. */
export const FUSED_TRAIN_KERNELS = [LAYER_NORM, LAYER_NORM_GRAD, COLUMN_SUMS, GELU, GELU_GRAD];

/** Whether the active backend has the fused training kernels (WebGPU after `registerTrainKernels`). */
export function fusedTrainingAvailable(): boolean {
  return tf.getKernel(LAYER_NORM, tf.getBackend()) !== undefined;
}

const kernel = <T extends tf.Tensor>(name: string, inputs: Record<string, tf.Tensor>, attrs: object = {}): T =>
  tf.engine().runKernel(name, inputs as tf.NamedTensorMap, attrs as tf.NamedAttrMap) as T;

/** y = g·x̂ + b, the layer norm of rows x [m, d]: one dispatch. */
export function layerNormKernel(x: tf.Tensor2D, gain: tf.Tensor1D, bias: tf.Tensor1D): tf.Tensor2D {
  return kernel(LAYER_NORM, { x, gain, bias });
}

/** ∂x of the layer norm for the upstream gradient dy [m, d]: one dispatch. */
export function layerNormGradX(x: tf.Tensor2D, gain: tf.Tensor1D, dy: tf.Tensor2D): tf.Tensor2D {
  return kernel(LAYER_NORM_GRAD, { x, gain, dy });
}

/** Σ_rows dy [n] of dy [m, n]; with x given, Σ_rows dy·x̂ (x̂ the rows of x standardised): one dispatch. */
export function columnSums(dy: tf.Tensor2D, x?: tf.Tensor2D): tf.Tensor1D {
  return kernel(COLUMN_SUMS, x ? { dy, x } : { dy });
}

/** gelu(x) elementwise: one dispatch. */
export function geluKernel(x: tf.Tensor): tf.Tensor {
  return kernel(GELU, { x });
}

/** dy·gelu′(x) elementwise: one dispatch. */
export function geluGrad(x: tf.Tensor, dy: tf.Tensor): tf.Tensor {
  return kernel(GELU_GRAD, { x, dy });
}
