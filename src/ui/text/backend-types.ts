/** The words that say why the page runs on its backend (badge and header), in one language. */
export interface BackendWhyStrings {
  /** Header: the address named the backend that runs. */
  askedHeader: (name: string) => string;
  /** Header: the address named a backend that could not start; `name` runs instead. */
  askedFailedHeader: (asked: string, name: string) => string;
  /** Header: the only WebGPU adapter is a software fallback. */
  fallbackAdapterHeader: string;
  /** Header: `name` measured faster than `other` at start. */
  measuredHeader: (name: string, other: string) => string;
  /** Header: WebGPU's start-up measurement failed or ran out of time; `name` runs. */
  webgpuFailedHeader: (name: string) => string;
  /** Header: WebGPU left out after its device was lost. */
  withoutWebgpuHeader: string;
  /** Badge, why this backend: by kind of reason; `name` is the backend that runs. */
  asked: (name: string, param: string) => string;
  askedFailed: (asked: string, name: string) => string;
  missing: (name: string) => string;
  noAdapter: (name: string) => string;
  fallbackAdapter: (name: string) => string;
  order: (name: string) => string;
  /** Badge: the measurement's rule and result (`speedup` null: the other did not finish). */
  measured: (name: string, speedup: string | null) => string;
  /** Badge: one backend's measured figures. */
  figures: (name: string, ms: string, tokensPerSec: string) => string;
  /** Badge: one backend gave no figures, and why (the browser's or tfjs's words). */
  noFigures: (name: string, why: string) => string;
  /** Badge: which WASM build runs; `build` is one of `builds`. */
  binary: (build: string) => string;
  builds: Record<'plain' | 'simd' | 'threaded-simd', string>;
  /** Badge: tfjs's rule for the thread count (the threaded build). */
  threadsRule: string;
  /** Badge: a build without threads runs on one. */
  singleThread: string;
  /** Badge: why Firefox gets the build without threads (src/model/backend/served-wasm.ts). */
  geckoSingleThread: string;
  /** Badge: why a machine with few cores gets the build without threads (src/model/backend/wasm-threads.ts). */
  fewCoresSingleThread: (cores: number) => string;
  /** Badge, on WebGPU: generation runs the fused kernels (src/model/kernels/webgpu-decode.ts). */
  fusedGeneration: string;
  /** Badge, on WebGPU: the start-up check refused the fused kernels; `why` is its own (English) words. */
  composedGeneration: (why: string) => string;
  /** Badge, on WebGPU: training runs the fused kernels (src/model/kernels/webgpu-train.ts). */
  fusedTraining: string;
  /** Badge, on WebGPU: the start-up check refused the fused training kernels; `why` is its own (English) words. */
  composedTraining: (why: string) => string;
  /** The repair lab's live run: which backend computes, and (plain words, no API names) why each
   *  one tried before it could not; `reason` is null for a reason the page does not know (then `raw`,
   *  the browser's own message, is shown). */
  computingOn: (name: string) => string;
  skipped: (name: string, reason: 'no-webgpu' | 'no-adapter' | 'fallback-adapter' | null, raw: string) => string;
  /** The badge's button text that opens the details. */
  details: string;
}
