/**
 * What scripts/device/webgpu-bench.sh runs on a machine with a GPU, bundled with everything it
 * imports into .device/webgpu-bench.mjs (scripts/device/prepare-webgpu-bench.ts): the model on
 * tfjs's WebGPU backend in Node through Dawn (scripts/bench/node-gpu.ts), timed as
 * `npm run bench -- model` times WASM (src/model/bench/speed.ts, 8 and 160 sequences), with its kernel and
 * dispatch counts. One JSON line: {"webgpuDevice":{node, gpu, webgpu}}; without an adapter, `webgpu`
 * says why. On a fallback adapter (SwiftShader, as when tried on a machine without a GPU) the times
 * say nothing about a GPU, and `gpu.fallback` says so.
 */
import { measureModelSpeed } from '../../src/model/bench/speed';
import { installNodeGpu } from '../bench/node-gpu';

const gpu = await installNodeGpu();
const webgpu =
  gpu.adapter === null
    ? 'not measured: Dawn found no adapter (no Vulkan driver)'
    : await measureModelSpeed('webgpu', { wideBatch: 160 }).catch((err: unknown) =>
        err instanceof Error ? `failed: ${err.message}` : String(err),
      );
console.log(JSON.stringify({ webgpuDevice: { node: process.version, gpu, webgpu } }));
process.exit(0);
