/**
 * Sandboxes side by side (src/sandbox/pool.ts) over scripted fake members whose calls finish when
 * the test says: where each call goes, the sums of `memory`, `boot` and `dispose` of every member,
 * and the runtime count per machine.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PYTHON_WORKERS, pythonWorkerCount, sandboxPool } from '../../../src/sandbox/pool.ts';
import type { MemoryStats, RunResult, Sandbox } from '../../../src/sandbox/types.ts';

interface Member extends Sandbox {
  /** The programs this member was handed, in order. */
  got: string[];
  /** Ends the oldest call still running here, printing its program. */
  finish(): void;
  booted: boolean;
  disposed: boolean;
}

function member(stats: MemoryStats): Member {
  const running: (() => void)[] = [];
  const m: Member = {
    got: [],
    booted: false,
    disposed: false,
    run(code) {
      m.got.push(code);
      return new Promise<RunResult>((resolve) =>
        running.push(() => resolve({ stdout: `${code}\n`, stderr: '', timedOut: false, crashed: false, ms: 1 })),
      );
    },
    memory: () => Promise.resolve(stats),
    boot: async () => {
      m.booted = true;
    },
    dispose: async () => {
      m.disposed = true;
    },
    finish: () => running.shift()?.(),
  };
  return m;
}

const stats = (wasmBytes: number, pyObjects: number, jsHeapBytes: number): MemoryStats => ({
  wasmBytes,
  pyObjects,
  jsHeapBytes,
});

describe('sandboxPool', () => {
  it('hands each call to the member with the fewest calls in flight, the first on a tie', async () => {
    const [a, b] = [member(stats(0, 0, 0)), member(stats(0, 0, 0))];
    const pool = sandboxPool([a, b]);
    const calls = ['p1', 'p2', 'p3'].map((code) => pool.run(code, { timeoutMs: 100 }));
    // In flight 0/0 → a; 1/0 → b; 1/1 → a.
    expect(a.got).toEqual(['p1', 'p3']);
    expect(b.got).toEqual(['p2']);
    b.finish();
    expect((await calls[1])?.stdout).toBe('p2\n');
    // a holds two, b none: the next goes to b, then 2/1 → b again.
    void pool.run('p4', { timeoutMs: 100 });
    void pool.run('p5', { timeoutMs: 100 });
    expect(b.got).toEqual(['p2', 'p4', 'p5']);
    a.finish();
    a.finish();
    expect((await calls[0])?.stdout).toBe('p1\n');
    expect((await calls[2])?.stdout).toBe('p3\n');
  });

  it('sums the members’ memory, boots and disposes every member', async () => {
    const members = [member(stats(10, 3, 100)), member(stats(32, 4, 7))];
    const pool = sandboxPool(members);
    expect(await pool.memory()).toEqual({ wasmBytes: 42, pyObjects: 7, jsHeapBytes: 107 });
    await pool.boot();
    expect(members.map((m) => m.booted)).toEqual([true, true]);
    await pool.dispose();
    expect(members.map((m) => m.disposed)).toEqual([true, true]);
  });

  it('is the member itself when there is one, and refuses none', () => {
    const only = member(stats(0, 0, 0));
    expect(sandboxPool([only])).toBe(only);
    expect(() => sandboxPool([])).toThrow('at least one sandbox');
  });
});

describe('pythonWorkerCount', () => {
  it('gives one runtime per core up to the cap, and one when the count is unknown', () => {
    expect(MAX_PYTHON_WORKERS).toBe(2);
    expect([1, 2, 3, 16].map(pythonWorkerCount)).toEqual([1, 2, 2, 2]);
    expect([0, Number.NaN].map(pythonWorkerCount)).toEqual([1, 1]);
  });
});
