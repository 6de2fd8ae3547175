import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sandboxSpawner } from '../../../src/sandbox/page-spawner';
import type { ConnectSandbox, FromSpawner, ToSpawner } from '../../../src/sandbox/types';

/** A stand-in for the sandbox worker the page starts: it keeps what it is sent and can fail. */
class FakeWorker {
  static made: FakeWorker[] = [];
  received: ConnectSandbox[] = [];
  terminated = false;
  private onError: ((e: { message: string; preventDefault: () => void }) => void) | null = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, listener: (e: { message: string; preventDefault: () => void }) => void): void {
    if (type === 'error') this.onError = listener;
  }
  postMessage(message: ConnectSandbox): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The worker raises an uncaught error; whether the page handled it (preventDefault). */
  fail(message: string): boolean {
    let handled = false;
    this.onError?.({ message, preventDefault: () => (handled = true) });
    return handled;
  }
}

/** The next message on `port`. */
const next = <T>(port: MessagePort): Promise<T> =>
  new Promise((resolve) => {
    port.addEventListener('message', (e) => resolve((e as MessageEvent<T>).data), { once: true });
    port.start();
  });
/** Polls until `check` holds (the spawner answers on its own port, a task later). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('the page’s sandbox spawner', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts a sandbox worker per request, connects it by the port sent, reports its failure and ends it', async () => {
    const spawner = sandboxSpawner();
    const requester = spawner.port;
    const channel = new MessageChannel();
    requester.postMessage({ type: 'spawn', id: 3, port: channel.port2 } satisfies ToSpawner, [channel.port2]);
    await until(() => FakeWorker.made.length === 1 && FakeWorker.made[0]!.received.length === 1);
    const worker = FakeWorker.made[0]!;
    expect(worker.url.pathname).toMatch(/\/src\/sandbox\/browser\.worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module', name: 'python-sandbox' });
    // The worker's port is the other end of the requester's channel.
    const connect = worker.received[0]!;
    expect(connect.type).toBe('connect');
    const arrived = next<string>(connect.port);
    channel.port1.postMessage('hello');
    expect(await arrived).toBe('hello');

    const died = next<FromSpawner>(requester);
    expect(worker.fail('the script did not load')).toBe(true);
    expect(await died).toEqual({ type: 'died', id: 3, reason: 'the script did not load' });

    requester.postMessage({ type: 'terminate', id: 3 } satisfies ToSpawner);
    await until(() => worker.terminated);

    const again = new MessageChannel();
    requester.postMessage({ type: 'spawn', id: 4, port: again.port2 } satisfies ToSpawner, [again.port2]);
    await until(() => FakeWorker.made.length === 2);
    spawner.dispose();
    expect(FakeWorker.made[1]!.terminated).toBe(true);
    for (const port of [channel.port1, connect.port, again.port1, requester]) port.close();
  });
});
