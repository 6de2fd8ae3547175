/** The engine's tool port over a Python sandbox: observation text plus whether the sandbox failed. */
import type { Sandbox } from '../sandbox/types';
import { observationText } from '../sandbox/observation';
import type { ToolRunner } from './context';

/** Per-call time limit of the executor's programs. */
export const TOOL_TIMEOUT_MS = 3000;

/**
 * Runs each program in the sandbox. A timeout or a sandbox failure (the worker died while holding
 * the call, the call was refused) returns its notice as the observation and `ok: false`, so the
 * caller can mark that one candidate; Python exceptions are ordinary observations (`ok: true`).
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
      return {
        observation: `Sandbox error: ${err instanceof Error ? err.message : String(err)}`,
        ok: false,
        timedOut: false,
      };
    }
  };
}
