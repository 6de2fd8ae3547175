/**
 * Sandboxes side by side (src/sandbox/pool.ts) over scripted fake members whose calls finish when
 * the test says: where each call goes (among the members started, once one has), the sums of
 * `memory`, `boot` one member after another and `dispose` of every member,
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

  it('boots the members one after another, saying as each is ready, and sends calls to those started', async () => {
    const order: string[] = [];
    const finishBoot: (() => void)[] = [];
    const [a, b] = [member(stats(0, 0, 0)), member(stats(0, 0, 0))];
    for (const [name, m] of [
      ['a', a],
      ['b', b],
    ] as const)
      m.boot = () =>
        new Promise<void>((resolve) => {
          order.push(`${name} starts`);
          finishBoot.push(() => {
            order.push(`${name} ready`);
            resolve();
          });
        });
    const pool = sandboxPool([a, b]);
    const said: [number, number][] = [];
    const booting = pool.boot((started, of) => said.push([started, of]));
    await Promise.resolve();
    // b has not started while a boots.
    expect(order).toEqual(['a starts']);
    (finishBoot.shift() as () => void)();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['a starts', 'a ready', 'b starts']);
    expect(said).toEqual([[1, 2]]);
    // While b boots, every call goes to a, however many a holds.
    void pool.run('p1', { timeoutMs: 100 });
    void pool.run('p2', { timeoutMs: 100 });
    expect(a.got).toEqual(['p1', 'p2']);
    expect(b.got).toEqual([]);
    (finishBoot.shift() as () => void)();
    await booting;
    expect(said).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // Both started: the least busy again.
    void pool.run('p3', { timeoutMs: 100 });
    expect(b.got).toEqual(['p3']);
  });

  it('passes over a member that fails to start and rejects with its failure once the rest are tried', async () => {
    const [a, b] = [member(stats(0, 0, 0)), member(stats(0, 0, 0))];
    a.boot = () => Promise.reject(new Error('no runtime'));
    const pool = sandboxPool([a, b]);
    const said: [number, number][] = [];
    await expect(pool.boot((started, of) => said.push([started, of]))).rejects.toThrow('no runtime');
    expect(b.booted).toBe(true);
    expect(said).toEqual([[1, 2]]);
    void pool.run('p1', { timeoutMs: 100 });
    void pool.run('p2', { timeoutMs: 100 });
    expect(b.got).toEqual(['p1', 'p2']);
    expect(a.got).toEqual([]);
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
