/**
 * Initialising a tfjs backend from a list of candidates. Browser order: WebGPU, then WASM (measured
 * by `npm run bench` in Chromium on a machine without a GPU: 375 ms per training step against
 * 1608 ms for WebGL on SwiftShader, and 15× the generation speed), then WebGL, then the pure-JS CPU
 * backend. Node order: WASM, then CPU. The caller gets the backend in use, why each earlier
 * candidate was skipped, and on WASM which binary runs with how many threads. The page does not
 * take the first that works: choice.ts times WebGPU against WASM and keeps the faster.
 */
import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { batchedProductMemoryBytes, installBatchedProduct } from '../kernels/batched-product';
import { fusedDecodeAvailable } from '../kernels/fused-decode-ops';
import { fusedTrainingAvailable } from '../kernels/fused-train-ops';
import { installWasmCacheWrite } from '../kernels/wasm-cache-write';
import { installWasmInverseCdf } from '../kernels/wasm-inverse-cdf';
import { installWasmLayerNorm } from '../kernels/wasm-layer-norm';
import { installWasmMaskBias } from '../kernels/wasm-mask-bias';
import { installWasmRowsGather } from '../kernels/wasm-rows-gather';
import { installWasmSlice } from '../kernels/wasm-slice';
import { installWasmTranspose } from '../kernels/wasm-transpose';

// Attention's batched products in SIMD, bit for bit tfjs-backend-wasm's own (kernels/batched-product.ts).
installBatchedProduct();
// A layer norm's standardisation and its ∂x for a few rows in one kernel each, bit for bit tfjs-wasm's own (kernels/wasm-layer-norm.ts).
installWasmLayerNorm();
// A token step's key/value cache writes into the cache's own memory, not a copy of it (kernels/wasm-cache-write.ts).
installWasmCacheWrite();
// Attention's mask bias for a cache extension in one kernel, not eight (kernels/wasm-mask-bias.ts).
installWasmMaskBias();
// Sampling's inverse-CDF step in one kernel, not ten, bit for bit tfjs-wasm's own (kernels/wasm-inverse-cdf.ts).
installWasmInverseCdf();
// Generation's narrowing of its cache to the sequences still writing, a block copy per sequence (kernels/wasm-rows-gather.ts).
installWasmRowsGather();
// Slices copied from where their input lies in the heap, not from a copy of all of it (kernels/wasm-slice.ts).
installWasmSlice();
// Matrix transposes (a linear layer's gradient) copied in tiles, not down columns (kernels/wasm-transpose.ts).
installWasmTranspose();

export type BackendName = 'webgpu' | 'webgl' | 'wasm' | 'cpu';

export interface BackendChoice {
  backend: BackendName;
  /** Candidates tried before it, with the reason each was not used. */
  fallbacks: { backend: BackendName; reason: string }[];
  /** Threads of the WASM backend's pool (1 = the single-threaded binary); null on other backends. */
  threads: number | null;
  /** Which of tfjs-backend-wasm's three builds runs; null on other backends. */
  binary: WasmBinary | null;
  /** On WebGPU, whether generation runs the fused kernels (kernels/webgpu-decode.ts); null elsewhere. */
  generation?: FusedKernels | null;
  /** On WebGPU, whether training's forward and backward passes run the fused kernels (kernels/webgpu-train.ts); null elsewhere. */
  training?: FusedKernels | null;
}

/** Kernels on WebGPU: the fused ones, or tfjs's own when the start-up check refused them (why). */
export type FusedKernels = { fused: true } | { fused: false; reason: string };

/** Why the start-up checks last refused the fused kernels (kernels/fused-decode-check.ts, fused-train-check.ts), if they did. */
let fusedRefusal: string | null = null;
let trainingRefusal: string | null = null;

/** tfjs-backend-wasm's builds: `tfjs-backend-wasm.wasm`, `…-simd.wasm`, `…-threaded-simd.wasm`. */
export type WasmBinary = 'plain' | 'simd' | 'threaded-simd';

export interface BackendOptions {
  /** Where the browser fetches the WASM binaries (a folder URL ending in "/"); Node finds them itself. */
  wasmPaths?: string;
  /** How long each candidate may take to initialise (default INIT_LIMIT_MS). */
  initLimitMs?: number;
}

/** How long one candidate may take to initialise before the next is tried. */
export const INIT_LIMIT_MS = 60_000;

/** Whether this code runs in a browser page or worker (as opposed to Node). */
export function inBrowser(): boolean {
  return typeof navigator !== 'undefined' && typeof (globalThis as { process?: unknown }).process === 'undefined';
}

/** Default candidates for the current environment. */
export function defaultBackendOrder(): BackendName[] {
  return inBrowser() ? ['webgpu', 'wasm', 'webgl', 'cpu'] : ['wasm', 'cpu'];
}

/** Why WebGPU cannot be used here: no API, no adapter, or only a software fallback adapter. */
export type WebGpuAbsence = 'missing' | 'no-adapter' | 'fallback-adapter';

interface AdapterLike {
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string };
}

/**
 * Ask the browser for a WebGPU adapter. A fallback adapter (`adapter.info.isFallbackAdapter`, or
 * the older `adapter.isFallbackAdapter`) runs on the CPU (Chromium's SwiftShader is one); it is
 * reported as such, and usable only when asked for by name.
 */
export async function probeWebGpu(): Promise<{ absent: WebGpuAbsence; detail: string } | null> {
  const gpu = (globalThis.navigator as { gpu?: { requestAdapter(): Promise<AdapterLike | null> } } | undefined)?.gpu;
  if (!gpu)
    return {
      absent: 'missing',
      detail: 'navigator.gpu is missing (no WebGPU in this browser or not a secure context)',
    };
  const adapter = await gpu.requestAdapter();
  if (!adapter) return { absent: 'no-adapter', detail: 'requestAdapter() returned no adapter' };
  if (adapter.info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true) {
    const name = [adapter.info?.vendor, adapter.info?.architecture].filter(Boolean).join(' ');
    return {
      absent: 'fallback-adapter',
      detail: `the only adapter is a fallback adapter${name ? ` (${name})` : ''} that runs on the CPU`,
    };
  }
  return null;
}

async function unavailableReason(name: BackendName): Promise<string | null> {
  if (name === 'webgpu') {
    const probe = await probeWebGpu();
    // Asked for by name, a fallback adapter is used (the tests run WebGPU on SwiftShader).
    if (probe && probe.absent !== 'fallback-adapter') return probe.detail;
    await import('@tensorflow/tfjs-backend-webgpu');
    (await import('../kernels/webgpu-decode')).registerDecodeKernels();
    (await import('../kernels/webgpu-train')).registerTrainKernels();
  }
  if (name === 'webgl' && !inBrowser()) return 'WebGL needs a browser';
  return null;
}

/**
 * The WASM build tfjs loads: tfjs-backend-wasm's `getPathToWasmBinary` picks threaded SIMD when
 * the engine reports both SIMD and threads (threads need a cross-origin-isolated page, never Node),
 * SIMD alone otherwise, else the plain build.
 */
export async function wasmBinary(): Promise<WasmBinary> {
  const [simd, threads] = await Promise.all([
    tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'),
    tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT'),
  ]);
  return simd && threads ? 'threaded-simd' : simd ? 'simd' : 'plain';
}

/**
 * Initialise one candidate. Resolves to null when it became the tfjs backend, otherwise to the
 * reason: it refused, threw, raised an uncaught error in this global scope meanwhile (how a
 * failing helper worker, e.g. a WASM pthread, shows itself: its initialisation never settles), or
 * did not finish within `limitMs`. Such an error event is consumed, so it is reported once, here.
 */
export async function initialise(name: BackendName, limitMs = INIT_LIMIT_MS): Promise<string | null> {
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
  const attempt = (async () => {
    const reason = (await unavailableReason(name)) ?? ((await tf.setBackend(name)) ? null : 'initialisation failed');
    if (reason === null && name === 'webgpu') {
      fusedRefusal = await (await import('./fused-decode-check')).checkFusedDecode();
      if (fusedRefusal) console.warn(`WebGPU: generation keeps tfjs's kernels: ${fusedRefusal}.`);
      trainingRefusal = await (await import('./fused-train-check')).checkFusedTraining();
      if (trainingRefusal) console.warn(`WebGPU: training keeps tfjs's kernels: ${trainingRefusal}.`);
    }
    return reason;
  })();
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
    const reason = await initialise(name, opts.initLimitMs);
    if (reason === null) return { ...(await current()), fallbacks };
    fallbacks.push({ backend: name, reason });
  }
  throw new Error(
    `selectBackend: no backend available (${fallbacks.map((f) => `${f.backend}: ${f.reason}`).join('; ')}).`,
  );
}

/** The current tfjs backend (after `initialise` or `tf.setBackend`), with its WASM binary and threads. */
export async function current(): Promise<BackendChoice> {
  await tf.ready();
  const backend = tf.getBackend() as BackendName;
  const wasm = backend === 'wasm';
  const kernels = (available: boolean, refusal: string | null): FusedKernels | null =>
    backend !== 'webgpu'
      ? null
      : available
        ? { fused: true }
        : { fused: false, reason: refusal ?? 'the fused kernels are not registered' };
  return {
    backend,
    fallbacks: [],
    threads: wasm ? getThreadsCount() : null,
    binary: wasm ? await wasmBinary() : null,
    generation: kernels(fusedDecodeAvailable(), fusedRefusal),
    training: kernels(fusedTrainingAvailable(), trainingRefusal),
  };
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
  /** Size of the WASM backend's linear memory and of the batched-product kernel's (both only grow);
   *  0 on other backends. */
  wasmHeapBytes: number;
}

export function backendMemory(): BackendMemory {
  const m = tf.memory();
  const heap =
    tf.getBackend() === 'wasm'
      ? (tf.backend() as unknown as { wasm?: { HEAPU8?: Uint8Array } }).wasm?.HEAPU8
      : undefined;
  const wasmHeapBytes = heap ? heap.buffer.byteLength + batchedProductMemoryBytes() : 0;
  return { tensors: m.numTensors, tensorBytes: m.numBytes, wasmHeapBytes };
}
