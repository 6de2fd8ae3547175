/**
 * Harness for `npm run bench` (scripts/bench/browser.bench.ts): the model's speed on each browser
 * backend in turn, with fewer repetitions than in Node (SwiftShader emulates the GPU on the CPU).
 */
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import type { BackendName } from '../../../src/model/backend';
import { measureModelSpeed } from '../../../src/model/speed';

setWasmPaths({
  'tfjs-backend-wasm.wasm': wasmPlain,
  'tfjs-backend-wasm-simd.wasm': wasmSimd,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
});
const out: Record<string, unknown> = {};
for (const backend of ['webgpu', 'webgl', 'wasm', 'cpu'] as BackendName[]) {
  try {
    out[backend] = await measureModelSpeed(backend, {
      cachedTokens: 16,
      recomputeTokens: 3,
      trainSteps: 2,
      cycles: 10,
    });
  } catch (err) {
    out[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
}
(window as unknown as { __modelSpeed?: unknown }).__modelSpeed = out;
