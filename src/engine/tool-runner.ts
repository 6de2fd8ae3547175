/** The engine's tool port over a Python sandbox: observation text plus whether the sandbox failed. */
import { ProblemError } from '../core/problem-error';
import type { Sandbox } from '../sandbox/types';
import { observationText } from '../sandbox/observation';
import type { ToolRunner } from './context';

/** Per-call time limit of the executor's programs. */
export const TOOL_TIMEOUT_MS = 3000;

/**
 * Runs each program in the sandbox. A timeout or a sandbox failure (the worker died while holding
 * the call) returns its notice as the observation and `ok: false`, so the caller can mark that one
 * candidate; Python exceptions are ordinary observations (`ok: true`). A sandbox that cannot start
 * (its worker failed to load or boot, or did not boot in time) runs no program at all: the phase
 * stops with a `sandbox-failed` problem, which the page words in its language.
 */
export function sandboxToolRunner(sandbox: Sandbox, timeoutMs = TOOL_TIMEOUT_MS): ToolRunner {
  return async (code) => {
    try {
      const result = await sandbox.run(code, { timeoutMs });
      return {
        observation: observationText(result),
        ok: !result.timedOut && !result.crashed,
        timedOut: result.timedOut,
      };
    } catch (err) {
      throw new ProblemError([{ kind: 'sandbox-failed', reason: err instanceof Error ? err.message : String(err) }], {
        cause: err,
      });
    }
  };
}

/**
 * `runner`, calling `onFirstCall` once, as its first program is handed over: the sandbox boots on its
 * first call (seconds of Pyodide start-up), which the page says while it waits.
 */
export function announceFirstCall(runner: ToolRunner, onFirstCall: () => void): ToolRunner {
  let called = false;
  return (code) => {
    if (!called) {
      called = true;
      onFirstCall();
    }
    return runner(code);
  };
}
