/**
 * The sandbox host (src/sandbox/host.ts) with scripted fake workers: boot failures, a worker
 * dying mid-run, the watchdog, fatal replies and dispose, without booting Pyodide.
 */
import { describe, expect, it } from 'vitest';
import { createHostedSandbox, type WorkerHandle } from '../../../src/sandbox/host.ts';
import type { FromWorker, ToWorker } from '../../../src/sandbox/types.ts';

/** A fake worker; `behave` answers each message the host posts. */
interface Fake {
  terminated: boolean;
  /** Every hold(held) call the host made, in order. */
  holds: boolean[];
  reply(message: FromWorker): void;
  die(reason: string): void;
}

function fakes(behave: (message: ToWorker, fake: Fake, index: number) => void): {
  spawned: Fake[];
  spawn: () => WorkerHandle;
} {
  const spawned: Fake[] = [];
  const spawn = (): WorkerHandle => {
    let onMessage: (message: FromWorker) => void = () => {};
    let onDeath: (reason: string) => void = () => {};
    const fake: Fake = {
      terminated: false,
      holds: [],
      reply: (message) => queueMicrotask(() => onMessage(message)),
      die: (reason) => queueMicrotask(() => onDeath(reason)),
    };
    const index = spawned.push(fake) - 1;
    return {
      post: (message) => behave(message, fake, index),
      listen(message, death) {
        onMessage = message;
        onDeath = death;
      },
      hold: (held) => fake.holds.push(held),
      terminate: () => {
        fake.terminated = true;
      },
    };
  };
  return { spawned, spawn };
}

type Result = Extract<FromWorker, { type: 'result' }>;

const ok = (id: number, stdout: string): Result => ({
  type: 'result',
  id,
  stdout,
  stderr: '',
  error: null,
  interrupted: false,
  fatal: false,
  wasmBytes: 1,
});

describe('sandbox host', () => {
  it('holds a worker only while it waits on it: the boot, then each call until its answer', async () => {
    let answer: (() => void) | null = null;
    const { spawned, spawn } = fakes((message, fake) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run') answer = () => fake.reply(ok(message.id, 'late\n'));
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    const call = sandbox.run('pass', { timeoutMs: 60_000 });
    await expect.poll(() => answer !== null).toBe(true);
    // Boot awaited (held, released), then the call in flight (held).
    expect(spawned[0]?.holds).toEqual([true, false, true]);
    (answer as unknown as () => void)();
    expect((await call).stdout).toBe('late\n');
    expect(spawned[0]?.holds).toEqual([true, false, true, false]);
    await sandbox.dispose();
    expect(spawned[0]?.holds.at(-1)).toBe(false);
  });

  it('passes on the time the worker says it ran the program, and none for a death', async () => {
    const { spawn } = fakes((message, fake, index) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run') {
        if (index === 0 && message.id === 0) fake.reply({ ...ok(message.id, 'ran\n'), execMs: 7.5 });
        else fake.die('gone');
      }
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    expect(await sandbox.run('x', { timeoutMs: 1000 })).toMatchObject({ stdout: 'ran\n', execMs: 7.5 });
    expect(await sandbox.run('y', { timeoutMs: 1000 })).not.toHaveProperty('execMs');
    await sandbox.dispose();
  });

  it('rejects calls when the worker fails to boot, and retries with a new worker', async () => {
    const { spawned, spawn } = fakes((message, fake, index) => {
      if (message.type === 'init')
        fake.reply(index === 0 ? { type: 'boot-error', message: 'no wasm' } : { type: 'ready' });
      if (message.type === 'run') fake.reply(ok(message.id, 'fine\n'));
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    await expect(sandbox.run('pass', { timeoutMs: 1000 })).rejects.toThrow(
      'the Python sandbox failed to start: no wasm',
    );
    expect(spawned[0]?.terminated).toBe(true);
    expect((await sandbox.run('pass', { timeoutMs: 1000 })).stdout).toBe('fine\n');
    await sandbox.dispose();
  });

  it('boots ahead of the first call: one worker, started once, and the call finds it ready', async () => {
    let boot: (() => void) | null = null;
    const { spawned, spawn } = fakes((message, fake) => {
      if (message.type === 'init') boot = () => fake.reply({ type: 'ready' });
      if (message.type === 'run') fake.reply(ok(message.id, 'warm\n'));
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    let booted = false;
    const booting = sandbox.boot().then(() => {
      booted = true;
    });
    // A second boot while the first is starting joins it: still one worker.
    const again = sandbox.boot();
    expect(spawned.length).toBe(1);
    await Promise.resolve();
    expect(booted).toBe(false);
    (boot as unknown as () => void)();
    await Promise.all([booting, again]);
    expect(booted).toBe(true);
    expect((await sandbox.run('pass', { timeoutMs: 1000 })).stdout).toBe('warm\n');
    expect(spawned.length).toBe(1);
    await sandbox.dispose();
  });

  it('rejects a boot that fails, and the next call starts a new worker', async () => {
    const { spawned, spawn } = fakes((message, fake, index) => {
      if (message.type === 'init')
        fake.reply(index === 0 ? { type: 'boot-error', message: 'no wasm' } : { type: 'ready' });
      if (message.type === 'run') fake.reply(ok(message.id, 'second\n'));
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    await expect(sandbox.boot()).rejects.toThrow('the Python sandbox failed to start: no wasm');
    expect((await sandbox.run('pass', { timeoutMs: 1000 })).stdout).toBe('second\n');
    expect(spawned.length).toBe(2);
    await sandbox.dispose();
  });

  it('reports a worker that died mid-run and starts a new one', async () => {
    const { spawned, spawn } = fakes((message, fake, index) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run') {
        if (index === 0) fake.die('out of memory');
        else fake.reply(ok(message.id, 'again\n'));
      }
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    const crashed = await sandbox.run('x', { timeoutMs: 1000 });
    expect(crashed).toMatchObject({
      stdout: '',
      timedOut: false,
      crashed: true,
      error: 'RuntimeError: the Python sandbox worker died: out of memory',
    });
    expect((await sandbox.run('y', { timeoutMs: 1000 })).stdout).toBe('again\n');
    expect(spawned).toHaveLength(2);
    await sandbox.dispose();
  });

  it('kills a worker that ignores the interrupt and has a warm replacement ready', async () => {
    const { spawned, spawn } = fakes((message, fake, index) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run' && index > 0) fake.reply(ok(message.id, 'next\n'));
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/', graceMs: 50 });
    const result = await sandbox.run('import time\ntime.sleep(60)', { timeoutMs: 100 });
    expect(result).toMatchObject({
      timedOut: true,
      crashed: false,
      error: 'TimeoutError: the code ran longer than 100 ms and was stopped',
    });
    expect(result.ms).toBeGreaterThanOrEqual(145);
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(2);
    expect((await sandbox.run('print("next")', { timeoutMs: 100 })).stdout).toBe('next\n');
    await sandbox.dispose();
  });

  it('replaces the worker after a fatal reply but returns its error text', async () => {
    const { spawned, spawn } = fakes((message, fake) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run') fake.reply({ ...ok(message.id, ''), error: 'RecursionError: boom', fatal: true });
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    expect((await sandbox.run('f()', { timeoutMs: 1000 })).error).toBe('RecursionError: boom');
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(2);
    await sandbox.dispose();
  });

  it('keeps the result of a call that changed the runtime and replaces the worker after it', async () => {
    const { spawned, spawn } = fakes((message, fake) => {
      if (message.type === 'init') fake.reply({ type: 'ready' });
      if (message.type === 'run') fake.reply({ ...ok(message.id, 'done\n'), restart: true });
    });
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    const result = await sandbox.run('patch()', { timeoutMs: 1000 });
    expect(result).toMatchObject({ stdout: 'done\n', crashed: false });
    expect(result.error).toBeUndefined();
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(2);
    await sandbox.dispose();
  });

  it('ends a call waiting for a boot when disposed, and refuses later calls', async () => {
    const { spawned, spawn } = fakes(() => {});
    const sandbox = createHostedSandbox({ spawn, indexURL: '/x/' });
    const waiting = sandbox.run('pass', { timeoutMs: 1000 });
    await Promise.resolve();
    await sandbox.dispose();
    await expect(waiting).rejects.toThrow('the sandbox was disposed');
    expect(spawned[0]?.terminated).toBe(true);
    await expect(sandbox.run('pass', { timeoutMs: 1000 })).rejects.toThrow('the Python sandbox was disposed');
  });
});
