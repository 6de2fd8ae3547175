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
 * stops with a `sandbox-failed` problem, which the page words in its language. Copies of a program
 * handed over while it runs share its run (`sharedRuns`).
 */
export function sandboxToolRunner(sandbox: Sandbox, timeoutMs = TOOL_TIMEOUT_MS): ToolRunner {
  return sharedRuns(async (code) => {
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
  });
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

/**
 * `runner` with identical programs in flight at the same time run once: a call whose code equals
 * one still running gets that run's result. A rollout turn hands all its programs over together,
 * so the copies within a turn share one run (about half of a classroom iteration's programs are
 * copies: candidates of one question often write the same program); a program handed over after
 * its twin has finished runs again. Every run starts from the same sandbox state, so a copy's own
 * run would print the same — unless the program reads the clock, draws from `random` (seeded
 * afresh for every run) or prints an object's address: such copies share one draw instead of one
 * each.
 */
export function sharedRuns(runner: ToolRunner): ToolRunner {
  const running = new Map<string, ReturnType<ToolRunner>>();
  return (code) => {
    const held = running.get(code);
    if (held) return held;
    const run = runner(code).finally(() => running.delete(code));
    running.set(code, run);
    return run;
  };
}
