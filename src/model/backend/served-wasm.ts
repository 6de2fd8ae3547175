/**
 * The browser workers' WASM binaries: the bundler serves the three builds of tfjs-backend-wasm
 * (plain, SIMD, threaded SIMD) as assets of the app, and the backend fetches the one this browser
 * supports from there. No network beyond the app's own origin. The page says whether the threaded
 * build is wanted (wasm-threads.ts: only where tfjs's pool gets two threads or more, never in Firefox).
 *
 * In Firefox the threaded build is not used: its thread pool is eight pthread workers that the
 * engine worker would start itself, and in Firefox a worker that starts a worker can stay blocked
 * inside `new Worker()` for good while the developer tools or WebDriver BiDi watch workers
 * (src/sandbox/page-spawner.ts says how; measured in Firefox ESR 153: the engine stuck at the 2nd
 * or the 8th of those workers, the page loading for minutes). The SIMD build starts no worker.
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';

/** Point the WASM backend at the binaries served with the app (call before selecting a backend);
 *  `threads` false: the build without threads (wasm-threads.ts says when the page asks for it). */
export function useServedWasmBinaries(threads: boolean): void {
  setWasmPaths({
    'tfjs-backend-wasm.wasm': wasmPlain,
    'tfjs-backend-wasm-simd.wasm': wasmSimd,
    'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
  });
  if (!threads) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
}
