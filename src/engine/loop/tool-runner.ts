/** The engine's tool port over a Python sandbox: observation text plus whether the sandbox failed. */
import { ProblemError } from '../../core/problem-error';
import type { Sandbox } from '../../sandbox/types';
import { observationText } from '../../sandbox/observation';
import type { ToolRunner } from './context';

/** Per-call time limit of the executor's programs. */
export const TOOL_TIMEOUT_MS = 3000;

/**
 * Runs each program in the sandbox. A timeout or a sandbox failure (the worker died while holding
 * the call) returns its notice as the observation and `ok: false`, so the caller can mark that one
 * candidate; Python exceptions are ordinary observations (`ok: true`). A sandbox that cannot start
 * (its worker failed to load or boot, or did not boot in time) runs no program at all: the phase
 * stops with a `sandbox-failed` problem, which the page words in its language. Copies of a program
 * share one run (`sharedRuns`).
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

/** Finished programs whose results `sharedRuns` keeps (the least recently handed over dropped first). */
export const KEPT_RUNS = 4096;

/**
 * `runner` with identical programs run once: a call whose code equals one still running, or one
 * that ran to its end earlier (`ok`), gets that run's result. Copies are common: a rollout turn
 * hands its programs over together and the candidates of one question often write the same program
 * (about half of a turn's programs), and the same questions come back in later phases and
 * iterations (the held-out set in every evaluation, each pool question in the labelling and the
 * executor's rollouts): of the programs left after that, about half (the first classroom
 * iteration) to three fifths (later ones) are ones the run has already seen. A run that failed (the
 * sandbox died or could not start) or timed out (`ok` false) is not kept: the next copy runs again.
 * At most `keep` finished results are kept, the least recently handed over dropped first. Every
 * run starts from the same sandbox state, so a copy's own run would print the same — unless the
 * program reads the clock, draws from `random` (seeded afresh for every run) or prints an object's
 * address: such copies share one draw instead of one each.
 */
export function sharedRuns(runner: ToolRunner, keep = KEPT_RUNS): ToolRunner {
  const runs = new Map<string, ReturnType<ToolRunner>>();
  const forget = (code: string, run: ReturnType<ToolRunner>) => {
    if (runs.get(code) === run) runs.delete(code);
  };
  return (code) => {
    const held = runs.get(code);
    if (held) {
      // Handed over again: now the most recent (a Map iterates in insertion order).
      runs.delete(code);
      runs.set(code, held);
      return held;
    }
    const run = runner(code);
    runs.set(code, run);
    run.then(
      (result) => {
        if (!result.ok) forget(code, run);
      },
      () => forget(code, run),
    );
    while (runs.size > keep) runs.delete(runs.keys().next().value as string);
    return run;
  };
}
