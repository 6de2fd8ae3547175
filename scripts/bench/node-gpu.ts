/**
 * WebGPU in Node, for the bench and the device script: Dawn's Node binding (the `webgpu` package,
 * or the `dawn.node` file that `DAWN_NODE` names, as scripts/device/webgpu-bench.sh carries it)
 * becomes `navigator.gpu`, with WebGPU's constants (GPUBufferUsage, …) as globals, before tfjs's
 * WebGPU backend is loaded (it registers itself only where `navigator.gpu` exists). Dawn reaches
 * the GPU through Vulkan: without a Vulkan driver it finds no adapter; with Chromium's SwiftShader
 * (`LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json`)
 * it finds that fallback adapter, whose timings say nothing about a GPU.
 */
import { createRequire } from 'node:module';

interface Dawn {
  create(options: string[]): { requestAdapter(): Promise<AdapterLike | null> };
  globals: object;
}

interface AdapterLike {
  isFallbackAdapter?: boolean;
  info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
}

export interface NodeGpu {
  /** The adapter Dawn found (vendor, architecture, description), or null when it found none. */
  adapter: string | null;
  /** Whether that adapter runs on the CPU (SwiftShader): its counts hold, its timings do not. */
  fallback: boolean;
}

/** Installs Dawn as `navigator.gpu` (once per process) and says which adapter it finds. */
export async function installNodeGpu(dawnNode = process.env.DAWN_NODE): Promise<NodeGpu> {
  const dawn = (dawnNode ? createRequire(import.meta.url)(dawnNode) : await import('webgpu')) as Dawn;
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create([]);
  const scope = globalThis as { navigator?: object };
  if (scope.navigator) Object.defineProperty(scope.navigator, 'gpu', { value: gpu, configurable: true });
  else Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true });
  const adapter = await gpu.requestAdapter();
  if (!adapter) return { adapter: null, fallback: false };
  const info = adapter.info ?? {};
  const named = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ');
  const fallback = adapter.isFallbackAdapter === true || info.isFallbackAdapter === true || /swiftshader/i.test(named);
  return { adapter: named || 'unnamed', fallback };
}
