/**
 * Bench section `webgpu-node`, run only when named (`npm run bench -- webgpu-node`): the model on
 * tfjs's WebGPU backend in Node through Dawn (node-gpu.ts), with the figures of
 * src/model/bench/speed.ts (8 sequences, and 160 as a classroom phase generates). On a real adapter it
 * times them; on SwiftShader it only counts kernels and dispatches (the `browser` section counts
 * the same in Chromium); with no adapter it says so. scripts/device/webgpu-bench.sh runs the same
 * on a machine with a GPU.
 */
import { countModelKernels, measureModelSpeed } from '../../src/model/bench/speed';
import { installNodeGpu } from './node-gpu';

export const name = 'webgpu-node';
export const optIn = true;

/** Sequences generated side by side in the wide measurement (model.bench.ts's). */
const WIDE = 160;

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const gpu = await installNodeGpu();
  report({ gpu });
  if (gpu.adapter === null) return { gpu, webgpu: 'not measured: Dawn found no adapter (no Vulkan driver)' };
  const webgpu = gpu.fallback
    ? await countModelKernels('webgpu')
    : await measureModelSpeed('webgpu', { wideBatch: WIDE });
  return { gpu, webgpu };
}
