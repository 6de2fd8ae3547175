/**
 * What the project's own WASM-backend kernels use of tfjs-backend-wasm's backend object: outputs
 * allocated on its heap and float32 views of a tensor's data there.
 */
import type * as tf from '@tensorflow/tfjs';

export interface WasmHeap {
  makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): Float32Array;
}
