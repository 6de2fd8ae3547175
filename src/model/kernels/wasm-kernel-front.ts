/**
 * A kernel of the project's own put in front of one of tfjs-backend-wasm's: registered under the
 * same name, it handles what it can and hands every other call to the kernel it replaced.
 */
import * as tf from '@tensorflow/tfjs';

/** A kernel in front of tfjs-backend-wasm's `kernelName`. */
export interface WasmKernelFront {
  /** Whether this kernel is the one tfjs runs for `kernelName` on the WASM backend. */
  installed(): boolean;
  /**
   * Puts it in front (once; `usable()` false or no such kernel registered: false, nothing changed).
   */
  install(): boolean;
}

/**
 * The front of `kernelName` whose calls go to `handle`; `handle` returns null for a call it leaves
 * to tfjs's own kernel, which then runs it.
 */
export function wasmKernelFront(
  kernelName: string,
  handle: (args: Parameters<tf.KernelFunc>[0]) => ReturnType<tf.KernelFunc> | null,
  usable: () => boolean = () => true,
): WasmKernelFront {
  let replaced: tf.KernelConfig | null = null;
  const kernelFunc: tf.KernelFunc = (args) => handle(args) ?? (replaced as tf.KernelConfig).kernelFunc(args);
  const installed = () => tf.getKernel(kernelName, 'wasm')?.kernelFunc === kernelFunc;
  return {
    installed,
    install() {
      if (installed()) return true;
      const registered = tf.getKernel(kernelName, 'wasm');
      if (!registered || !usable()) return false;
      replaced = registered;
      tf.unregisterKernel(kernelName, 'wasm');
      tf.registerKernel({ ...registered, kernelFunc });
      return true;
    },
  };
}
