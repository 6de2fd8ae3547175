/** The soak's report: the per-iteration table of a run and its verdicts against the targets. */
import { mean } from '../../src/core/stats';

const MB = 1024 * 1024;

export interface Sample {
  iteration: number;
  seconds: number;
  tensors: number;
  tensorBytes: number;
  tfjsWasmHeapBytes: number;
  pageJsHeapBytes: number;
  /** Size of the run's trace the page holds, as JSON. */
  traceJsonBytes: number;
  /** The page's DOM nodes and JS event listeners (CDP Performance metrics), to tell drawn marks from leaks. */
  domNodes: number;
  pageListeners: number;
  pythonWasmBytes: number;
  pythonObjects: number;
  pythonJsHeapBytes: number;
  /** The fixed workload of src/engine/probe.ts after the iteration: generation and sandbox wall times. */
  probeGenerationMs: number;
  probePythonMs: number;
}

export interface RunResult {
  name: 'wasm' | 'webgpu';
  url: string;
  backend: string;
  requested: number;
  samples: Sample[];
  errors: string[];
  /** Why the run stopped before its last iteration (null when it finished). */
  aborted: string | null;
}

export interface Verdict {
  run: string;
  target: string;
  pass: boolean;
  /** Not measurable in this run (counts as a pass). */
  skipped?: boolean;
  detail: string;
}

export function table(run: RunResult): string {
  const head = [
    'iter',
    'seconds',
    'tensors',
    'tensor MB',
    'tfjs wasm MB',
    'page JS MB',
    'trace MB',
    'DOM nodes',
    'listeners',
    'py wasm MB',
    'py objects',
    'probe gen ms',
    'probe py ms',
  ];
  const widths = head.map((h) => Math.max(h.length, 8));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 8)).join('  ');
  const mb = (b: number) => (b / MB).toFixed(1);
  const lines = [`${run.name} (${run.url}, backend ${run.backend || '?'})`, row(head)];
  for (const s of run.samples) {
    lines.push(
      row([
        String(s.iteration),
        s.seconds.toFixed(1),
        String(s.tensors),
        mb(s.tensorBytes),
        mb(s.tfjsWasmHeapBytes),
        mb(s.pageJsHeapBytes),
        mb(s.traceJsonBytes),
        String(s.domNodes),
        String(s.pageListeners),
        mb(s.pythonWasmBytes),
        String(s.pythonObjects),
        s.probeGenerationMs.toFixed(0),
        s.probePythonMs.toFixed(0),
      ]),
    );
  }
  if (run.aborted) lines.push(`stopped: ${run.aborted}`);
  const time = growth(run.samples, (x) => x.seconds);
  if (time)
    lines.push(
      `iteration time (the run's own work, which grows as the solver calls the tool more; not a target): ${time.text(' s', 1, '')}`,
    );
  return lines.join('\n');
}

/**
 * Mean of the last 5 iterations against iterations 2–6 (never iteration 1, which warms up;
 * the windows overlap in short runs); null with fewer than 2 iterations.
 */
function growth(samples: readonly Sample[], pick: (x: Sample) => number) {
  const later = samples.slice(1);
  if (later.length === 0) return null;
  const early = later.slice(0, 5).map(pick);
  const last = later.slice(-5).map(pick);
  const ratio = mean(last) / mean(early);
  return {
    ratio,
    text: (unit: string, digits: number, limit = ', limit × 1.25') =>
      `mean of iterations ${later[0]?.iteration}–${later[early.length - 1]?.iteration}: ${mean(early).toFixed(digits)}${unit}, of the last ${last.length}: ${mean(last).toFixed(digits)}${unit} (× ${ratio.toFixed(2)}${limit})${later.length < 10 ? '; windows overlap' : ''}`,
  };
}

export function verdicts(run: RunResult): Verdict[] {
  const out: Verdict[] = [];
  const s = run.samples;
  const add = (target: string, pass: boolean, detail: string, skipped = false) =>
    out.push({ run: run.name, target, pass, detail, ...(skipped ? { skipped } : {}) });

  add(
    'completed',
    run.aborted === null && s.length === run.requested,
    run.aborted ?? `${s.length} of ${run.requested} iterations`,
  );
  add(
    'no console errors',
    run.errors.length === 0,
    run.errors.length === 0 ? 'none' : `${run.errors.length}: ${run.errors.slice(0, 3).join(' | ')}`,
  );

  const second = s[1];
  if (!second) {
    for (const t of [
      'tensors flat',
      'page JS heap',
      'tfjs wasm heap',
      'python wasm memory',
      'probe generation time',
      'probe sandbox time',
    ]) {
      add(t, true, 'fewer than 2 iterations', true);
    }
    return out;
  }
  const later = s.slice(1);
  const drift = later.filter((x) => x.tensors !== second.tensors);
  add(
    'tensors flat',
    drift.length === 0,
    drift.length === 0
      ? `${second.tensors} from iteration 2 on`
      : `iteration 2: ${second.tensors}; ${drift.map((x) => `it ${x.iteration}: ${x.tensors}`).join(', ')}`,
  );
  const within = (target: string, pick: (x: Sample) => number, reported: boolean) => {
    if (!reported) {
      add(target, true, 'not reported on this backend', true);
      return;
    }
    const base = pick(second);
    const worst = later.reduce((w, x) => (pick(x) > pick(w) ? x : w), second);
    const growth = base > 0 ? pick(worst) / base - 1 : 0;
    add(
      target,
      pick(worst) <= base * 1.1,
      `iteration 2: ${(base / MB).toFixed(1)} MB, max ${(pick(worst) / MB).toFixed(1)} MB at iteration ${worst.iteration} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +10 %)`,
    );
  };
  within('page JS heap', (x) => x.pageJsHeapBytes, true);
  within('tfjs wasm heap', (x) => x.tfjsWasmHeapBytes, second.tfjsWasmHeapBytes > 0);
  within('python wasm memory', (x) => x.pythonWasmBytes, second.pythonWasmBytes > 0);

  // The same work every time (src/engine/probe.ts): its time grows only if the engine slows down.
  for (const [target, pick] of [
    ['probe generation time', (x: Sample) => x.probeGenerationMs],
    ['probe sandbox time', (x: Sample) => x.probePythonMs],
  ] as const) {
    const g = growth(s, pick);
    if (g) add(target, g.ratio <= 1.25, g.text(' ms', 0));
  }
  return out;
}
