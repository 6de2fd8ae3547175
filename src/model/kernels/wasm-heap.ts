/**
 * What the project's own WASM-backend kernels use of tfjs-backend-wasm's backend object: outputs
 * allocated on its heap and views of a tensor's data there (float32, or any numeric dtype).
 */
import type * as tf from '@tensorflow/tfjs';

export interface WasmHeap {
  makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): Float32Array;
}

/** The same for kernels that take any numeric dtype: the view's type follows the tensor's. */
export interface WasmNumericHeap {
  makeOutput(shape: number[], dtype: tf.DataType): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): Float32Array | Int32Array | Uint8Array;
}
