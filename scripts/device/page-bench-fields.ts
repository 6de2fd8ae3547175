/**
 * The fields the page bench's line must hold (page-bench.ts, issue #62 item 3): the adapter, the
 * backend the page chose and why, an iteration timed on WebGPU and on WASM, dispatches per training
 * and per token step, and the fused kernels' start-up checks. `missingFields` names those absent
 * from a line (the rehearsal, rehearse-page-bench.ts, fails on any).
 */
export const REQUIRED_FIELDS = [
  'chromium',
  'adapter.vendor',
  'adapter.architecture',
  'adapter.description',
  'chosen.backend',
  'chosen.basis',
  'chosen.why',
  'iteration.webgpu.iterations.0.iterationSeconds',
  'iteration.wasm.iterations.0.iterationSeconds',
  'dispatches.perTrainStep.median',
  'dispatches.perTokenStep.median',
  'fusedChecks.passed',
] as const;

/** The required fields that `line` ({"pageBench": …}) lacks, or holds as null; every one if it is not that JSON. */
export function missingFields(line: string): string[] {
  let bench: unknown;
  try {
    bench = (JSON.parse(line) as { pageBench?: unknown }).pageBench;
  } catch {
    return [...REQUIRED_FIELDS];
  }
  return REQUIRED_FIELDS.filter((path) => {
    let at: unknown = bench;
    for (const key of path.split('.'))
      at = at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[key];
    return at === undefined || at === null;
  });
}
