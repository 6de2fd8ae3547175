/** Why the page runs on its backend, in English (see backend-types.ts). */
import type { BackendWhyStrings } from './backend-types';

export const BACKEND_WHY_EN: BackendWhyStrings = {
  askedHeader: (name) => `Training runs on ${name} because the address asks for it.`,
  askedFailedHeader: (asked, name) =>
    `The address asks for ${asked}, which could not start here, so training runs on ${name}.`,
  fallbackAdapterHeader:
    "This browser's only WebGPU adapter emulates the GPU on the CPU, so training runs on a backend made for the CPU.",
  measuredHeader: (name, other) =>
    `${name} measured faster than ${other} on this machine, so training runs on ${name}.`,
  webgpuFailedHeader: (name) => `WebGPU did not finish its start-up measurement, so training runs on ${name}.`,
  withoutWebgpuHeader: 'WebGPU is left out after its device was lost, so training runs on a slower backend.',
  asked: (name, param) => `${name} was asked for in the address (${param}); nothing was measured.`,
  askedFailed: (asked, name) =>
    `The address asked for ${asked}, which could not start here; ${name} came next in order.`,
  missing: (name) =>
    `This browser offers no WebGPU (or the page is not a secure context), so ${name} runs, unmeasured.`,
  noAdapter: (name) => `The browser found no WebGPU adapter, so ${name} runs, unmeasured.`,
  fallbackAdapter: (name) =>
    `The only WebGPU adapter is a fallback adapter that emulates the GPU on the CPU (such as SwiftShader): it is skipped, so ${name} runs, unmeasured.`,
  order: (name) => `WebGPU was left out after its device was lost; ${name} was the first backend that started.`,
  measured: (name, speedup) =>
    speedup === null
      ? `Both were timed at start with the base model's shapes; only ${name} finished, so it runs.`
      : `Both were timed at start with the base model's shapes (one training step, cached generation); ${name} was ${speedup}× faster (geometric mean of the two speed ratios), so it runs.`,
  figures: (name, ms, tps) => `${name}: ${ms} ms per training step, ${tps} tokens/s generated.`,
  noFigures: (name, why) => `${name}: no figures (${why}).`,
  binary: (build) => `WASM build: ${build}.`,
  builds: { plain: 'plain', simd: 'SIMD', 'threaded-simd': 'threaded SIMD' },
  threadsRule: 'tfjs uses half the logical cores for its threads, at least 1 and at most 8.',
  singleThread: 'this build runs on one thread.',
  geckoSingleThread:
    'In Firefox the page loads the build without threads: the threaded build starts its threads as workers from inside the engine’s worker, and Firefox can leave such a worker blocked for good while developer tools or test automation are attached (the page then stalls with no error).',
  fewCoresSingleThread: (cores) =>
    `With ${cores} logical ${cores === 1 ? 'core' : 'cores'} the threaded build would run one thread, so the page loads the build without threads, which runs the model faster here.`,
  fusedGeneration:
    'Generation runs fused kernels: each layer of a token step in seven GPU dispatches and an untruncated draw in one, checked against tfjs’s own kernels when WebGPU started.',
  composedGeneration: (why) =>
    `Generation runs tfjs’s own kernels: the fused ones failed their start-up check here (${why}).`,
  fusedTraining:
    'Training runs fused kernels for causal attention (one GPU dispatch forward, two backward), layer norm and gelu (one each forward, one to three backward), the input rows and each residual product (one each), the token log-probs and the clipped policy loss (three each), the gradient norm (one) and AdamW (one per moment and one per parameter), checked against tfjs’s own kernels when WebGPU started.',
  composedTraining: (why) =>
    `Training runs tfjs’s own kernels: the fused ones failed their start-up check here (${why}).`,
  computingOn: (name) =>
    `Computing on ${name === 'WASM' || name === 'CPU' ? `the processor (${name})` : `the graphics card (${name})`}.`,
  skipped: (name, reason, raw) =>
    `${name} cannot be used here: ${
      reason === 'no-webgpu'
        ? 'this browser does not offer it'
        : reason === 'no-adapter'
          ? 'the browser found no graphics card it may use'
          : reason === 'fallback-adapter'
            ? 'the only graphics card the browser offers is imitated on the processor, which is slower'
            : raw
    }.`,
  details: 'why',
};
