/**
 * The page's backend at start, and why it is that one (the badge and the header say so):
 * - `asked`: the address named a backend (`?backend=`); it is tried first, the usual order after it.
 * - `no-webgpu`: WebGPU cannot be used (no API, no adapter, or only a fallback adapter that runs
 *   on the CPU, such as SwiftShader): the other candidates in order, WASM first.
 * - `measured`: a real adapter and WASM are both there. Throwaway models with the run's shapes are
 *   timed on WASM, then on WebGPU (measure.ts), within `MEASURE_BUDGET_MS` together; the
 *   faster by decision.ts becomes the backend, and the other is removed with its memory.
 *   The run's own models are created afterwards (tfjs variables live on one backend).
 * - `order`: WebGPU or WASM is not among the candidates (after a lost GPU device, or in Node):
 *   the first that initialises.
 */
import * as tf from '@tensorflow/tfjs';
import {
  type BackendChoice,
  type BackendName,
  type WebGpuAbsence,
  current,
  initialise,
  probeWebGpu,
  selectBackend,
} from './backend';
import { type Measurement, decideBackend } from './decision';
import { OutOfTime, measureCurrentBackend } from './measure';
import type { TinyLM } from '../model';

/** Start-up measurement time of both backends together; WASM may use the first half. */
export const MEASURE_BUDGET_MS = 3000;

export type ChoiceBasis =
  | { kind: 'asked'; asked: BackendName }
  | { kind: 'no-webgpu'; absent: WebGpuAbsence | 'failed' }
  | { kind: 'measured'; wasm: Measurement; webgpu: Measurement; speedup: number | null }
  | { kind: 'order' };

export interface ReasonedChoice extends BackendChoice {
  basis: ChoiceBasis;
}

export interface ChoiceOptions {
  /** The backend the address asked for, or null to choose. */
  asked: BackendName | null;
  /** A throwaway model with the run's shapes, created on the current backend. */
  makeModel: () => TinyLM;
  budgetMs?: number;
  /** Measure on a fallback adapter too (the harness pages: SwiftShader is the only adapter there). */
  measureFallbackAdapter?: boolean;
}

/** Initialise `name` and measure it before `deadline`; the error (in words) when either fails. */
async function measureOn(name: 'webgpu' | 'wasm', makeModel: () => TinyLM, deadline: number): Promise<Measurement> {
  const failed = await initialise(name);
  if (failed !== null) return { error: failed, started: false };
  try {
    return { figures: await measureCurrentBackend(makeModel, deadline) };
  } catch (err) {
    if (err instanceof OutOfTime)
      return { error: 'its measurement did not finish within the start-up time allowed', started: true };
    return { error: err instanceof Error ? err.message : String(err), started: false };
  }
}

/** Remove a backend and free what it holds (its GPU buffers, its WASM heap); absent is fine. */
function drop(name: BackendName): void {
  if (name in tf.engine().registryFactory) tf.removeBackend(name);
}

/**
 * Why WebGPU is skipped when the address did not ask for it by name: no API, no adapter, or only a
 * fallback adapter that runs on the CPU (Chromium's SwiftShader), unless `keepFallbackAdapter`.
 * Null when WebGPU can be used. The one rule of the main lab and the repair lab.
 */
export async function webGpuSkipped(
  keepFallbackAdapter = false,
): Promise<{ absent: WebGpuAbsence; detail: string } | null> {
  const probe = await probeWebGpu();
  return probe && !(probe.absent === 'fallback-adapter' && keepFallbackAdapter) ? probe : null;
}

/** `choice` with WebGPU's skip (`webGpuSkipped`) first among its fallbacks. */
function withSkip(choice: BackendChoice, detail: string): BackendChoice {
  return { ...choice, fallbacks: [{ backend: 'webgpu' as const, reason: detail }, ...choice.fallbacks] };
}

/**
 * The first backend of `order` that initialises, by the main lab's rule without its measurement
 * (the repair lab): a backend the address asked for is tried first as it is; otherwise WebGPU is
 * left out when `webGpuSkipped` says so, and the reason is the first fallback.
 */
export async function selectUsableBackend(
  order: readonly BackendName[],
  asked: BackendName | null,
): Promise<BackendChoice> {
  if ((asked !== null && order[0] === asked) || !order.includes('webgpu')) return selectBackend(order);
  const skipped = await webGpuSkipped();
  if (!skipped) return selectBackend(order);
  return withSkip(await selectBackend(order.filter((b) => b !== 'webgpu')), skipped.detail);
}

/** Choose the backend from the candidates in `order` (see the file comment). */
export async function chooseBackend(order: readonly BackendName[], opts: ChoiceOptions): Promise<ReasonedChoice> {
  if (opts.asked !== null && order[0] === opts.asked)
    return { ...(await selectBackend(order)), basis: { kind: 'asked', asked: opts.asked } };
  if (!order.includes('webgpu') || !order.includes('wasm'))
    return { ...(await selectBackend(order)), basis: { kind: 'order' } };

  const rest = order.filter((b) => b !== 'webgpu');
  const skipped = await webGpuSkipped(opts.measureFallbackAdapter);
  if (skipped) {
    const choice = withSkip(await selectBackend(rest), skipped.detail);
    return { ...choice, basis: { kind: 'no-webgpu', absent: skipped.absent } };
  }

  const budget = opts.budgetMs ?? MEASURE_BUDGET_MS;
  const start = performance.now();
  const wasm = await measureOn('wasm', opts.makeModel, start + budget / 2);
  const webgpu = await measureOn('webgpu', opts.makeModel, start + budget);
  const decision = decideBackend(wasm, webgpu);
  const basis: ChoiceBasis = { kind: 'measured', wasm, webgpu, speedup: decision?.speedup ?? null };
  const failures = [
    ...(wasm.error !== undefined ? [{ backend: 'wasm' as const, reason: wasm.error }] : []),
    ...(webgpu.error !== undefined ? [{ backend: 'webgpu' as const, reason: webgpu.error }] : []),
  ];
  if (!decision) {
    drop('webgpu');
    drop('wasm');
    const choice = await selectBackend(rest.filter((b) => b !== 'wasm'));
    return { ...choice, fallbacks: [...failures, ...choice.fallbacks], basis };
  }
  await tf.setBackend(decision.backend);
  const loser = decision.backend === 'wasm' ? 'webgpu' : 'wasm';
  drop(loser);
  return { ...(await current()), fallbacks: failures, basis };
}
