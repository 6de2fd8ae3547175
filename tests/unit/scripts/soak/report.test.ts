/** The soak's verdicts (scripts/soak/report.ts) on hand-made series. */
import { describe, expect, it } from 'vitest';
import { type RunResult, type Sample, table, verdicts } from '../../../../scripts/soak/report';

const MB = 1024 * 1024;

/** Ten iterations that hold: flat memory and tensors, probe times 100 ms and 20 ms. */
function sample(iteration: number, change: Partial<Sample> = {}): Sample {
  return {
    iteration,
    seconds: 6,
    tensors: 332,
    tensorBytes: 11 * MB,
    tfjsWasmHeapBytes: 172 * MB,
    pageJsHeapBytes: 14 * MB,
    traceJsonBytes: 0.15 * MB,
    domNodes: 15_000,
    pageListeners: 73,
    pythonWasmBytes: 30 * MB,
    pythonObjects: 20_980,
    pythonJsHeapBytes: 0,
    probeGenerationMs: 100,
    probePythonMs: 20,
    ...change,
  };
}

function run(change: (i: number) => Partial<Sample>): RunResult {
  return {
    name: 'wasm',
    url: 'http://localhost/?preset=classroom&backend=wasm',
    backend: 'wasm',
    requested: 10,
    samples: Array.from({ length: 10 }, (_, k) => sample(k + 1, change(k + 1))),
    errors: [],
    aborted: null,
  };
}

const verdict = (r: RunResult, target: string) => verdicts(r).find((v) => v.target === target);

describe('soak verdicts', () => {
  it('pass a run that holds, and a doubling iteration time alone fails nothing', () => {
    const r = run((i) => ({ seconds: 5 + i }));
    expect(verdicts(r).filter((v) => !v.pass)).toEqual([]);
    // Iterations 2–6 average 9 s, the last five 13 s: printed under the table, not judged.
    expect(table(r)).toContain('9.0 s, of the last 5: 13.0 s (× 1.44)');
  });

  it('fail the probe when its time grows past × 1.25 (mean of the last 5 against iterations 2–6)', () => {
    // 100 ms through iteration 5, then 140 ms: iterations 2–6 average 108 ms, 6–10 140 ms, × 1.30.
    const r = run((i) => ({ probeGenerationMs: i <= 5 ? 100 : 140 }));
    expect(verdict(r, 'probe generation time')).toMatchObject({ pass: false });
    expect(verdict(r, 'probe generation time')?.detail).toContain('× 1.30');
    expect(verdict(r, 'probe sandbox time')).toMatchObject({ pass: true });
    // 20 ms through iteration 6, then 24 ms: 20 ms against 23.2 ms, × 1.16 holds.
    const ok = run((i) => ({ probePythonMs: i <= 6 ? 20 : 24 }));
    expect(verdict(ok, 'probe sandbox time')).toMatchObject({ pass: true });
  });

  it('fail the WASM heap at more than +10 % over iteration 2, and a tensor count that drifts', () => {
    const r = run((i) => ({ tfjsWasmHeapBytes: (i >= 9 ? 207 : 172) * MB, tensors: i === 7 ? 333 : 332 }));
    expect(verdict(r, 'tfjs wasm heap')?.detail).toContain('+20.3 %');
    expect(verdict(r, 'tfjs wasm heap')).toMatchObject({ pass: false });
    expect(verdict(r, 'tensors flat')).toMatchObject({ pass: false });
  });
});
