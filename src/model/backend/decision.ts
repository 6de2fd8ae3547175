/**
 * The rule that picks WebGPU or WASM from the start-up measurement (measure.ts), kept
 * free of tensors so it can be tested on given figures.
 *
 * With t = milliseconds per training step and r = generated tokens per second, WebGPU's speed-up
 * over WASM is the geometric mean of the two ratios (training and generation count alike):
 *
 *   s = √( (t_wasm / t_webgpu) · (r_webgpu / r_wasm) )
 *
 * s > 1 → WebGPU, otherwise WASM (a tie keeps the backend that needs no GPU device). The reported
 * speed-up is that of the backend chosen: s for WebGPU, 1 / s for WASM. A backend whose
 * measurement failed or ran out of time loses to one that finished. When neither finished, one
 * that initialised and only ran out of time is still used, WASM first (it needs no GPU device);
 * when neither initialised there is no decision.
 */

/** What one backend did in the start-up measurement. */
export interface BackendFigures {
  /** Milliseconds of one training step on the measurement batch. */
  msPerTrainStep: number;
  /** Tokens per second over the cached decode steps (sequences × steps / seconds). */
  genTokensPerSec: number;
}

/**
 * The measurement of one backend: its figures, or why there are none; `started` when the backend
 * did initialise and only the measurement ran out of time (so it can still be used).
 */
export type Measurement =
  { figures: BackendFigures; error?: undefined } | { figures?: undefined; error: string; started: boolean };

export interface MeasuredDecision {
  backend: 'webgpu' | 'wasm';
  /** How many times faster the chosen backend measured (s or 1 / s); null when the other failed. */
  speedup: number | null;
}

/** WebGPU's speed-up s over WASM (see the file comment). */
export function webgpuSpeedup(wasm: BackendFigures, webgpu: BackendFigures): number {
  return Math.sqrt((wasm.msPerTrainStep / webgpu.msPerTrainStep) * (webgpu.genTokensPerSec / wasm.genTokensPerSec));
}

/** The faster backend (see the file comment); null when neither measurement finished. */
export function decideBackend(wasm: Measurement, webgpu: Measurement): MeasuredDecision | null {
  if (wasm.figures && webgpu.figures) {
    const s = webgpuSpeedup(wasm.figures, webgpu.figures);
    return s > 1 ? { backend: 'webgpu', speedup: s } : { backend: 'wasm', speedup: 1 / s };
  }
  if (wasm.figures) return { backend: 'wasm', speedup: null };
  if (webgpu.figures) return { backend: 'webgpu', speedup: null };
  if (wasm.started) return { backend: 'wasm', speedup: null };
  if (webgpu.started) return { backend: 'webgpu', speedup: null };
  return null;
}
