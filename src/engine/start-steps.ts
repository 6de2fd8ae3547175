/**
 * Two steps of the engine worker's start (worker.ts `init`, load-steps.ts), each reporting as it
 * goes: Python's runtimes, started beside everything else and not waited for, and the base model,
 * fetched with its bytes counted.
 */
import { ProblemError } from '../core/problem-error';
import type { Sandbox } from '../sandbox/types';
import { fetchBytes } from './files/fetch-bytes';
import type { LoadProgress } from './load-steps';

/**
 * Start `runtimes` Python runtimes of `sandbox` (one after another, pool.ts), reporting each as it
 * is ready, or the failure; returns whether one has started yet (a call then need not wait).
 */
export function startPython(sandbox: Sandbox, runtimes: number, report: (p: LoadProgress) => void): () => boolean {
  let started = 0;
  report({ step: 'python', done: 0, total: runtimes });
  sandbox
    .boot((n, of) => {
      started = n;
      report({ step: 'python', done: n, total: of });
    })
    .catch((err: unknown) =>
      report({
        step: 'python',
        done: started,
        total: runtimes,
        failed: err instanceof Error ? err.message : String(err),
      }),
    );
  return () => started > 0;
}

/** The base checkpoint served with the app, its bytes reported as they arrive. */
export async function fetchBaseModel(report: (p: LoadProgress) => void): Promise<Uint8Array> {
  const fetched = await fetchBytes(
    new URL(`${import.meta.env.BASE_URL}models/base.a0lm`, self.location.origin),
    (done, total) => report({ step: 'model', done, total }),
  );
  if (!fetched.ok) throw new ProblemError([{ kind: 'model-missing', model: 'base', status: fetched.status }]);
  return fetched.bytes;
}
