/** The bench's meter of tool calls: the union of overlapping calls, the sums, and the wrapped sandbox. */
import { describe, expect, it } from 'vitest';
import { meteredSandbox, phaseMeter, type ToolCallTiming, unionMs } from '../../../src/engine/phase-meter';
import type { Sandbox } from '../../../src/sandbox/types';

describe('unionMs', () => {
  it('counts overlapping calls once', () => {
    // [0,10) ∪ [5,15) = [0,15): 15; plus [20,25): 5.
    expect(
      unionMs([
        { start: 20, end: 25 },
        { start: 0, end: 10 },
        { start: 5, end: 15 },
      ]),
    ).toBe(20);
    // A call inside another adds nothing; touching calls join.
    expect(
      unionMs([
        { start: 0, end: 10 },
        { start: 2, end: 3 },
      ]),
    ).toBe(10);
    expect(
      unionMs([
        { start: 0, end: 5 },
        { start: 5, end: 8 },
      ]),
    ).toBe(8);
    expect(unionMs([])).toBe(0);
  });
});

describe('phaseMeter', () => {
  it('sums a phase’s calls; an unanswered call adds its bytes but no Python or message time', () => {
    const calls: ToolCallTiming[] = [
      { start: 0, end: 10, ms: 8, execMs: 6, bytes: 100 },
      { start: 5, end: 15, ms: 9, execMs: 7, bytes: 50 },
      { start: 20, end: 25, ms: 4, execMs: null, bytes: 10 },
    ];
    expect(phaseMeter(calls)).toEqual({
      toolCalls: 3,
      pythonMs: 20,
      pythonExecMs: 13,
      messages: 6,
      messageBytes: 160,
      messageMs: 4, // (8 − 6) + (9 − 7)
    });
  });
});

describe('meteredSandbox', () => {
  it('times each run and counts the UTF-8 bytes carried both ways', async () => {
    const inner: Sandbox = {
      run: async () => ({ stdout: 'é\n', stderr: '', error: 'E', timedOut: false, crashed: false, ms: 12, execMs: 9 }),
      memory: async () => ({ wasmBytes: 0, pyObjects: 0, jsHeapBytes: 0 }),
      boot: async () => {},
      dispose: async () => {},
    };
    const calls: ToolCallTiming[] = [];
    const sandbox = meteredSandbox(inner, calls);
    const result = await sandbox.run('print("é")', { timeoutMs: 100 });
    expect(result.stdout).toBe('é\n');
    expect(calls).toHaveLength(1);
    const [call] = calls as [ToolCallTiming];
    // 'print("é")' is 10 characters, é two bytes: 11; 'é\n' 3; 'E' 1.
    expect(call).toMatchObject({ ms: 12, execMs: 9, bytes: 15 });
    expect(call.end).toBeGreaterThanOrEqual(call.start);
  });
});
