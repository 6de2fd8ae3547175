/**
 * Harness for `npm run bench` (scripts/bench/browser.bench.ts): the model's speed on each browser
 * backend in turn, with fewer repetitions than in Node (SwiftShader emulates the GPU on the CPU).
 * `?backends=wasm,cpu` limits the backends; `?counts=webgpu` only counts kernels and dispatches on
 * those backends, timing nothing (SwiftShader's timings mean nothing for a GPU); `?threads=N` sets
 * the WASM thread pool before the WASM backend starts (tfjs's default: half the logical cores,
 * 1…8). On WASM the result names the build that runs and its threads.
 */
import { getThreadsCount, setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { type BackendName, wasmBinary } from '../../../src/model/backend/backend';
import { countModelKernels, measureModelSpeed } from '../../../src/model/bench/speed';

setWasmPaths({
  'tfjs-backend-wasm.wasm': wasmPlain,
  'tfjs-backend-wasm-simd.wasm': wasmSimd,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
});
const query = new URLSearchParams(location.search);
const threads = query.get('threads');
if (threads !== null) setThreadsCount(Number(threads));
const backends = (query.get('backends')?.split(',') ?? ['webgpu', 'webgl', 'wasm', 'cpu']) as BackendName[];
const countsOnly = new Set(query.get('counts')?.split(',') ?? []);
const out: Record<string, unknown> = { crossOriginIsolated: self.crossOriginIsolated };
for (const backend of backends) {
  try {
    if (countsOnly.has(backend)) {
      out[backend] = await countModelKernels(backend);
      continue;
    }
    const figures = await measureModelSpeed(backend, {
      cachedTokens: 16,
      recomputeTokens: 3,
      trainSteps: 2,
      cycles: 10,
    });
    out[backend] =
      backend === 'wasm' ? { ...figures, wasmBinary: await wasmBinary(), wasmThreads: getThreadsCount() } : figures;
  } catch (err) {
    out[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
}
(window as unknown as { __modelSpeed?: unknown }).__modelSpeed = out;
