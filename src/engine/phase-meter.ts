/**
 * The bench's meter of a phase's Python tool calls (`npm run bench -- tab`, and the Node iteration
 * it is set beside). It is switched on only by the bench: in the page, a worker asked to by a page
 * under automation with the bench's flag (src/ui/state/bench-meter.ts); a reader's page never wraps
 * its sandbox, so it pays nothing for it.
 */
import type { RunOptions, RunResult, Sandbox } from '../sandbox/types';

/** One tool call as the engine's thread saw it: `start`…`end` around `sandbox.run` (queue wait and
 *  the sandbox's start-up included), the host's `ms` from dispatch to result, the Python worker's
 *  own `execMs` (null when it never answered) and the UTF-8 bytes of the text carried both ways. */
export interface ToolCallTiming {
  start: number;
  end: number;
  ms: number;
  execMs: number | null;
  bytes: number;
}

/** A phase's tool calls in sum (milliseconds unless named otherwise). */
export interface PhaseMeter {
  toolCalls: number;
  /** Time with at least one call in flight: the engine waited on Python (calls overlap, so this is
   *  the union of their intervals, not the sum). */
  pythonMs: number;
  /** Time the Python worker spent running the programs (sum of `execMs`). */
  pythonExecMs: number;
  /** Messages between the workers: two per call (the program there, the result back). */
  messages: number;
  messageBytes: number;
  /** Their time: per answered call, dispatch to result less the run itself (`ms − execMs`), summed. */
  messageMs: number;
}

/** Length of the union of the intervals `[start, end)`: Σ over merged runs of (end − start). */
export function unionMs(intervals: readonly { start: number; end: number }[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let runStart = -Infinity;
  let runEnd = -Infinity;
  for (const { start, end } of sorted) {
    if (start > runEnd) {
      if (runEnd > runStart) total += runEnd - runStart;
      runStart = start;
      runEnd = end;
    } else runEnd = Math.max(runEnd, end);
  }
  if (runEnd > runStart) total += runEnd - runStart;
  return total;
}

/** The sums of a phase's calls (PhaseMeter's fields, as documented there). */
export function phaseMeter(calls: readonly ToolCallTiming[]): PhaseMeter {
  let pythonExecMs = 0;
  let messageMs = 0;
  let messageBytes = 0;
  for (const c of calls) {
    messageBytes += c.bytes;
    if (c.execMs === null) continue;
    pythonExecMs += c.execMs;
    messageMs += c.ms - c.execMs;
  }
  return {
    toolCalls: calls.length,
    pythonMs: unionMs(calls),
    pythonExecMs,
    messages: 2 * calls.length,
    messageBytes,
    messageMs,
  };
}

const utf8 = new TextEncoder();
const bytesOf = (text: string | undefined): number => (text ? utf8.encode(text).length : 0);

/** `sandbox`, with every `run` timed into `calls` (the caller empties it between phases). */
export function meteredSandbox(sandbox: Sandbox, calls: ToolCallTiming[]): Sandbox {
  return {
    ...sandbox,
    run: async (code: string, options: RunOptions): Promise<RunResult> => {
      const start = performance.now();
      const result = await sandbox.run(code, options);
      calls.push({
        start,
        end: performance.now(),
        ms: result.ms,
        execMs: result.execMs ?? null,
        bytes: bytesOf(code) + bytesOf(result.stdout) + bytesOf(result.stderr) + bytesOf(result.error),
      });
      return result;
    },
  };
}
