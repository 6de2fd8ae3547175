/**
 * The browser workers' WASM binaries: the bundler serves the three builds of tfjs-backend-wasm
 * (plain, SIMD, threaded SIMD) as assets of the app, and the backend fetches the one this browser
 * supports from there. No network beyond the app's own origin.
 */
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';

/** Point the WASM backend at the binaries served with the app (call before selecting a backend). */
export function useServedWasmBinaries(): void {
  setWasmPaths({
    'tfjs-backend-wasm.wasm': wasmPlain,
    'tfjs-backend-wasm-simd.wasm': wasmSimd,
    'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
  });
}
