/**
 * Choosing the tfjs backend at start. Browser order: WebGPU, then WASM (measured by `npm run bench`
 * in Chromium on a machine without a GPU: 375 ms per training step against 1608 ms for WebGL on
 * SwiftShader, and 15× the generation speed), then WebGL, then the pure-JS CPU backend. Node order: WASM, then CPU. The caller gets the backend in use and
 * why each earlier candidate was skipped.
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export type BackendName = 'webgpu' | 'webgl' | 'wasm' | 'cpu';

export interface BackendChoice {
  backend: BackendName;
  /** Candidates tried before it, with the reason each was not used. */
  fallbacks: { backend: BackendName; reason: string }[];
}

export interface BackendOptions {
  /** Where the browser fetches the WASM binaries (a folder URL ending in "/"); Node finds them itself. */
  wasmPaths?: string;
}

/** Whether this code runs in a browser page or worker (as opposed to Node). */
export function inBrowser(): boolean {
  return typeof navigator !== 'undefined' && typeof (globalThis as { process?: unknown }).process === 'undefined';
}

/** Default candidates for the current environment. */
export function defaultBackendOrder(): BackendName[] {
  return inBrowser() ? ['webgpu', 'wasm', 'webgl', 'cpu'] : ['wasm', 'cpu'];
}

async function unavailableReason(name: BackendName): Promise<string | null> {
  if (name === 'webgpu') {
    const gpu = (globalThis.navigator as { gpu?: { requestAdapter(): Promise<unknown> } } | undefined)?.gpu;
    if (!gpu) return 'navigator.gpu is missing (no WebGPU in this browser or not a secure context)';
    if (!(await gpu.requestAdapter())) return 'requestAdapter() returned no adapter';
    await import('@tensorflow/tfjs-backend-webgpu');
  }
  if (name === 'webgl' && !inBrowser()) return 'WebGL needs a browser';
  return null;
}

/** Try the candidates in order; the first that initialises becomes the tfjs backend. */
export async function selectBackend(order: readonly BackendName[] = defaultBackendOrder(), opts: BackendOptions = {}): Promise<BackendChoice> {
  const fallbacks: BackendChoice['fallbacks'] = [];
  if (opts.wasmPaths) setWasmPaths(opts.wasmPaths);
  for (const name of order) {
    let reason: string | null;
    try {
      reason = (await unavailableReason(name)) ?? ((await tf.setBackend(name)) ? null : 'initialisation failed');
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    if (reason === null) {
      await tf.ready();
      return { backend: name, fallbacks };
    }
    fallbacks.push({ backend: name, reason });
  }
  throw new Error(`selectBackend: no backend available (${fallbacks.map((f) => `${f.backend}: ${f.reason}`).join('; ')}).`);
}
