/**
 * Choosing the tfjs backend at start. Browser order: WebGPU, then WASM (measured by `npm run bench`
 * in Chromium on a machine without a GPU: 375 ms per training step against 1608 ms for WebGL on
 * SwiftShader, and 15× the generation speed), then WebGL, then the pure-JS CPU backend. Node order: WASM, then CPU. The caller gets the backend in use and
 * why each earlier candidate was skipped.
 */
import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export type BackendName = 'webgpu' | 'webgl' | 'wasm' | 'cpu';

export interface BackendChoice {
  backend: BackendName;
  /** Candidates tried before it, with the reason each was not used. */
  fallbacks: { backend: BackendName; reason: string }[];
  /** Threads of the WASM backend's pool (1 = the single-threaded binary); null on other backends. */
  threads: number | null;
}

export interface BackendOptions {
  /** Where the browser fetches the WASM binaries (a folder URL ending in "/"); Node finds them itself. */
  wasmPaths?: string;
  /** How long one candidate may take to initialise before the next is tried (default 60 s). */
  initLimitMs?: number;
}

const DEFAULT_INIT_LIMIT_MS = 60_000;

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

/**
 * Initialise one candidate. Resolves to null when it became the tfjs backend, otherwise to the
 * reason: it refused, threw, raised an uncaught error in this global scope meanwhile (how a
 * failing helper worker, e.g. a WASM pthread, shows itself: its initialisation never settles), or
 * did not finish within `limitMs`. Such an error event is consumed, so it is reported once, here.
 */
async function initialise(name: BackendName, limitMs: number): Promise<string | null> {
  const scope = globalThis as {
    addEventListener?: typeof addEventListener;
    removeEventListener?: typeof removeEventListener;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onError: ((e: Event) => void) | undefined;
  const failed = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`initialisation did not finish within ${Math.round(limitMs / 1000)} s`), limitMs);
    onError = (e: Event) => {
      e.preventDefault();
      resolve(`initialisation failed: ${(e as ErrorEvent).message || 'an error in a helper worker'}`);
    };
    scope.addEventListener?.('error', onError);
  });
  const attempt = (async () =>
    (await unavailableReason(name)) ?? ((await tf.setBackend(name)) ? null : 'initialisation failed'))();
  try {
    return await Promise.race([attempt, failed]);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
    if (onError) scope.removeEventListener?.('error', onError);
  }
}

/** Try the candidates in order; the first that initialises becomes the tfjs backend. */
export async function selectBackend(
  order: readonly BackendName[] = defaultBackendOrder(),
  opts: BackendOptions = {},
): Promise<BackendChoice> {
  const fallbacks: BackendChoice['fallbacks'] = [];
  if (opts.wasmPaths) setWasmPaths(opts.wasmPaths);
  for (const name of order) {
    const reason = await initialise(name, opts.initLimitMs ?? DEFAULT_INIT_LIMIT_MS);
    if (reason === null) {
      await tf.ready();
      return { backend: name, fallbacks, threads: name === 'wasm' ? getThreadsCount() : null };
    }
    fallbacks.push({ backend: name, reason });
  }
  throw new Error(
    `selectBackend: no backend available (${fallbacks.map((f) => `${f.backend}: ${f.reason}`).join('; ')}).`,
  );
}

/** What this code needs of a WebGPU device (structural, so no GPU type library is needed). */
export interface LosableDevice {
  lost: Promise<{ reason: string; message: string }>;
  destroy(): void;
}

/** The GPU device of the current tfjs backend when it is WebGPU; null on every other backend. */
export function currentGpuDevice(): LosableDevice | null {
  if (tf.getBackend() !== 'webgpu') return null;
  return (tf.backend() as unknown as { device?: LosableDevice }).device ?? null;
}

/** Memory figures of the current tfjs backend (for the soak test and the bench). */
export interface BackendMemory {
  /** Live tensors (`tf.memory().numTensors`): flat across iterations when nothing leaks. */
  tensors: number;
  /** Bytes held by those tensors. */
  tensorBytes: number;
  /** Size of the WASM backend's linear memory (it only grows); 0 on other backends. */
  wasmHeapBytes: number;
}

export function backendMemory(): BackendMemory {
  const m = tf.memory();
  const heap =
    tf.getBackend() === 'wasm'
      ? (tf.backend() as unknown as { wasm?: { HEAPU8?: Uint8Array } }).wasm?.HEAPU8
      : undefined;
  return { tensors: m.numTensors, tensorBytes: m.numBytes, wasmHeapBytes: heap?.buffer.byteLength ?? 0 };
}
