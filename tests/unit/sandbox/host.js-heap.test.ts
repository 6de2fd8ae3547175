/**
 * The JS-heap bound of the sandbox host (src/sandbox/host.ts, `maxJsHeapGrowthBytes`) against real
 * Node workers: scratch files live in the worker's JS memory (Emscripten's MEMFS), which the
 * WebAssembly check does not see. A program that leaves 15 MiB of files (under the 16 MiB file
 * quota) grows the measured heap by most of that (12 MiB of files grew it 12.2 MiB on an idle worker;
 * under a loaded full run 12 MiB once stayed under the bound, so the margin is 7 MiB); past a growth bound of 8 MiB its
 * worker is replaced (a second worker is started), and the next call runs in the new one. The rule itself (growth
 * past the least figure the worker reported) is checked first with a scripted fake worker.
 */
import { describe, expect, it, vi } from 'vitest';
import { createHostedSandbox, type WorkerHandle } from '../../../src/sandbox/host.ts';
import { createNodeSandbox, pyodideDirectory, spawnNodeSandboxWorker } from '../../../src/sandbox/node.ts';
import type { FromWorker, Sandbox, ToWorker } from '../../../src/sandbox/types.ts';

vi.setConfig({ testTimeout: 120_000 });

const MiB = 2 ** 20;
const FIFTEEN_MIB_OF_FILES = 'for i in range(15):\n    open(f"f{i}", "wb").write(b"x" * (1 << 20))\nprint("written")';

/** The worker's JS heap before and after the 15 MiB program, in a sandbox with these limits. */
async function heapAround(
  sandbox: Sandbox,
  beforeFiles: () => void = () => {},
): Promise<{ before: number; after: number; next: string }> {
  // A few ordinary programs first: the garbage the boot left in the old generation is collected
  // by then, so it cannot fall away while the files are written.
  for (const code of [
    'pass',
    'print(sum(range(1000)))',
    'from fractions import Fraction\nprint(Fraction(1, 3))',
    '1 / 0',
  ])
    await sandbox.run(code, { timeoutMs: 30_000 });
  const before = (await sandbox.memory()).jsHeapBytes;
  beforeFiles();
  expect((await sandbox.run(FIFTEEN_MIB_OF_FILES, { timeoutMs: 10_000 })).stdout).toBe('written\n');
  const after = (await sandbox.memory()).jsHeapBytes;
  const next = (await sandbox.run('print(6 * 7)', { timeoutMs: 30_000 })).stdout;
  return { before, after, next };
}

/** Fake workers that boot at `bootHeap` bytes and report the next of `heaps` after each run. */
function scripted(bootHeap: number, heaps: number[]): { spawned: () => number; spawn: () => WorkerHandle } {
  let count = 0;
  const spawn = (): WorkerHandle => {
    count++;
    let onMessage: (message: FromWorker) => void = () => {};
    const reply = (message: FromWorker): void => queueMicrotask(() => onMessage(message));
    return {
      post(message: ToWorker) {
        if (message.type === 'init') reply({ type: 'ready', jsHeapBytes: bootHeap });
        if (message.type === 'run') {
          const jsHeapBytes = heaps.shift() ?? bootHeap;
          reply({
            type: 'result',
            id: message.id,
            stdout: '',
            stderr: '',
            error: null,
            interrupted: false,
            fatal: false,
            wasmBytes: 1,
            jsHeapBytes,
          });
        }
      },
      listen: (message) => {
        onMessage = message;
      },
      hold: () => {},
      terminate: () => {},
    };
  };
  return { spawned: () => count, spawn };
}

describe('the JS heap rule', () => {
  it('replaces a worker once its heap is more than the bound past the least it reported, not before', async () => {
    // Boot at 1000 bytes; runs report 900 (the least from now on), 1000 (+100, the bound: kept), 1001 (+101: replaced).
    const { spawned, spawn } = scripted(1000, [900, 1000, 1001]);
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/', maxJsHeapGrowthBytes: 100 });
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await sandbox.run('pass', { timeoutMs: 1000 });
      counts.push(spawned());
    }
    expect(counts).toEqual([1, 1, 2]);
    await sandbox.dispose();
  });
});

describe('the JS heap bound', () => {
  it('sees scratch files: 15 MiB of them grow the figure by more than 9 MiB (past the 8 MiB bound below)', async () => {
    const sandbox = createNodeSandbox();
    try {
      const { before, after, next } = await heapAround(sandbox);
      expect(before).toBeGreaterThan(0);
      expect(after - before).toBeGreaterThan(9 * MiB);
      expect(next).toBe('42\n');
    } finally {
      await sandbox.dispose();
    }
  });

  it('replaces a worker whose heap grew past the bound, and the next call runs in the new one', async () => {
    let started = 0;
    const sandbox = createHostedSandbox({
      spawn: () => {
        started++;
        return spawnNodeSandboxWorker();
      },
      indexURL: pyodideDirectory(),
      maxJsHeapGrowthBytes: 8 * MiB,
    });
    try {
      let startedBeforeFiles = 0;
      const { next } = await heapAround(sandbox, () => (startedBeforeFiles = started));
      // One worker for the ordinary programs, a second after the 15 MiB one, which runs the next call.
      expect([startedBeforeFiles, started]).toEqual([1, 2]);
      expect(next).toBe('42\n');
    } finally {
      await sandbox.dispose();
    }
  });
});
