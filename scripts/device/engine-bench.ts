/**
 * What `scripts/device/webgpu-bench.sh engine` runs on a machine with a GPU, bundled into
 * .device/engine-bench.mjs (prepare-webgpu-bench.ts): `npm run bench -- engine` on tfjs's WebGPU
 * backend through Dawn (engine.bench.ts with BENCH_ENGINE_BACKEND=webgpu), a classroom iteration in
 * Node with the Python sandbox. One JSON line: {"engineDevice": {…}}.
 */
import { run } from '../bench/engine.bench';

process.env.BENCH_ENGINE_BACKEND = 'webgpu';
const figures = await run().catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
console.log(JSON.stringify({ engineDevice: figures }));
process.exit(0);
