/**
 * How the page names a tfjs backend ("webgpu" → "WebGPU"; unknown names pass through), and the
 * words that say why the run is on it: the badge's details and the header's sentence, both from
 * the choice the engine reported (`ChoiceBasis`, model/backend/choice.ts).
 */
import type { FusedKernels, WasmBinary } from '../../model/backend/backend';
import { singleThreadReason } from '../../model/backend/wasm-threads';
import type { ChoiceBasis } from '../../model/backend/choice';
import type { Measurement } from '../../model/backend/decision';
import type { Strings } from '../text/types';

const LABELS: Record<string, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'WASM', cpu: 'CPU' };

export function backendLabel(name: string): string {
  return LABELS[name] ?? name;
}

/**
 * The known reasons a backend is skipped (the words of src/model/backend/backend.ts), so the page can say
 * them in its own language; any other reason is the browser's or tfjs's own message, shown as is.
 */
export type SkipReason = 'no-webgpu' | 'no-adapter' | 'fallback-adapter';

export function skipReason(reason: string): SkipReason | null {
  if (reason.startsWith('navigator.gpu is missing')) return 'no-webgpu';
  if (reason.startsWith('requestAdapter() returned no adapter')) return 'no-adapter';
  if (reason.startsWith('the only adapter is a fallback adapter')) return 'fallback-adapter';
  return null;
}

/** What the badge and the header read of the run (RunState's fields). */
export interface BackendState {
  backend: string;
  threads: number | null;
  binary: WasmBinary | null;
  basis: ChoiceBasis | null;
  fallbacks: readonly { backend: string; reason: string }[];
  /** On WebGPU, which kernels generation runs (absent or null elsewhere). */
  generation?: FusedKernels | null;
  /** On WebGPU, which kernels training runs (absent or null elsewhere). */
  training?: FusedKernels | null;
}

function figureLine(name: 'wasm' | 'webgpu', m: Measurement, t: Strings): string {
  const w = t.backendWhy;
  if (!m.figures) return w.noFigures(backendLabel(name), m.error);
  const f = m.figures;
  return w.figures(backendLabel(name), String(Math.round(f.msPerTrainStep)), String(Math.round(f.genTokensPerSec)));
}

/** The sentence that says why this backend runs (null before the engine is ready and in replay). */
export function whyLine(s: BackendState, t: Strings): string | null {
  const w = t.backendWhy;
  const name = backendLabel(s.backend);
  const b = s.basis;
  if (b === null) return null;
  switch (b.kind) {
    case 'asked':
      return b.asked === s.backend ? w.asked(name, `backend=${b.asked}`) : w.askedFailed(backendLabel(b.asked), name);
    case 'no-webgpu':
      return b.absent === 'missing'
        ? w.missing(name)
        : b.absent === 'no-adapter'
          ? w.noAdapter(name)
          : w.fallbackAdapter(name);
    case 'measured':
      return w.measured(name, b.speedup === null ? null : b.speedup.toFixed(1));
    case 'order':
      return w.order(name);
  }
}

/** A skip reason in the page's language when the page knows it, else the browser's or tfjs's words. */
function skipText(reason: string, t: Strings): string {
  const known = skipReason(reason);
  // The adapter's name, as the browser reports it, e.g. "google swiftshader".
  const name = /\(([^)]*)\)/.exec(reason)?.[1] ?? '';
  return known ? t.backend.skipped[known](name) : reason;
}

/**
 * Every line of the badge's details: why, the measured figures, the WASM build and its threads,
 * skipped candidates. `userAgent` and `cores` say why the page asked for the build without threads,
 * when it did (src/model/backend/wasm-threads.ts).
 */
export function badgeLines(
  s: BackendState,
  t: Strings,
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  cores = typeof navigator === 'undefined' ? 0 : navigator.hardwareConcurrency,
): string[] {
  const w = t.backendWhy;
  const lines: string[] = [];
  const why = whyLine(s, t);
  if (why) lines.push(why);
  const b = s.basis;
  if (b?.kind === 'measured') lines.push(figureLine('wasm', b.wasm, t), figureLine('webgpu', b.webgpu, t));
  if (s.binary) lines.push(w.binary(w.builds[s.binary]));
  if (s.threads !== null)
    lines.push(`${t.backend.threads(s.threads)}: ${s.binary === 'threaded-simd' ? w.threadsRule : w.singleThread}`);
  if (s.binary !== null && s.binary !== 'threaded-simd') {
    const reason = singleThreadReason(userAgent, cores);
    if (reason === 'gecko') lines.push(w.geckoSingleThread);
    if (reason === 'one-thread') lines.push(w.fewCoresSingleThread(cores));
  }
  if (s.generation) lines.push(s.generation.fused ? w.fusedGeneration : w.composedGeneration(s.generation.reason));
  if (s.training) lines.push(s.training.fused ? w.fusedTraining : w.composedTraining(s.training.reason));
  // A measured backend that gave no figures is already said above.
  const said = b?.kind === 'measured' ? ['wasm', 'webgpu'] : [];
  for (const f of s.fallbacks)
    if (!said.includes(f.backend))
      lines.push(`${backendLabel(f.backend)} ${t.backend.fallback}: ${skipText(f.reason, t)}`);
  return lines;
}

/** The header's sentence about the backend, with the test id it carries; null when there is none to say. */
export function headerNote(
  s: BackendState,
  t: Strings,
): { id: 'no-webgpu' | 'backend-asked' | 'backend-measured'; text: string } | null {
  const w = t.backendWhy;
  const name = backendLabel(s.backend);
  const b = s.basis;
  if (b === null)
    return s.backend !== 'webgpu' && s.backend !== '' ? { id: 'no-webgpu', text: t.backend.noWebgpu } : null;
  switch (b.kind) {
    case 'asked':
      return {
        id: 'backend-asked',
        text: b.asked === s.backend ? w.askedHeader(name) : w.askedFailedHeader(backendLabel(b.asked), name),
      };
    case 'no-webgpu':
      return { id: 'no-webgpu', text: b.absent === 'fallback-adapter' ? w.fallbackAdapterHeader : t.backend.noWebgpu };
    case 'measured':
      if (s.backend === 'webgpu') return null;
      return {
        id: 'backend-measured',
        text: b.webgpu.figures ? w.measuredHeader(name, 'WebGPU') : w.webgpuFailedHeader(name),
      };
    case 'order':
      return { id: 'no-webgpu', text: w.withoutWebgpuHeader };
  }
}
