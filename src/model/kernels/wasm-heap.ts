/**
 * What the project's own WASM-backend kernels use of tfjs-backend-wasm's backend object: outputs
 * allocated on its heap and float32 views of a tensor's data there.
 */
import * as tf from '@tensorflow/tfjs';

export interface WasmHeap {
  makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): Float32Array;
}

/** Registers `kernelFunc` as `name` for the WASM backend, once. */
export function registerWasmKernel(name: string, kernelFunc: tf.KernelFunc): void {
  if (!tf.getKernel(name, 'wasm')) tf.registerKernel({ kernelName: name, backendName: 'wasm', kernelFunc });
}

/** Whether the current backend has the kernel `name`. */
export function kernelActive(name: string): boolean {
  return tf.getKernel(name, tf.getBackend()) !== undefined;
}
