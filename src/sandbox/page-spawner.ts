/**
 * The page's side of the browser sandbox: it starts the Python sandbox workers that a page worker
 * (the engine, the repair lab) asks for, and connects each to that worker by a MessagePort.
 *
 * Why the page and not the worker itself: in Firefox a worker that creates a worker (a nested
 * worker) waits, blocked, until the main thread has registered the new worker with its debugger
 * manager whenever anything listens to that manager — the developer tools or WebDriver BiDi
 * automation. Now and then that wait never ends (measured in Firefox ESR 153 under BiDi: the engine
 * worker stuck inside `new Worker()`, its timers dead, for minutes), and the page stalls with no
 * error. Workers started on the main thread register at once, without that wait.
 */
import type { ConnectSandbox, FromSpawner, ToSpawner } from './types.ts';

/** A spawner serving one page worker: hand `port` to that worker; `dispose` ends every sandbox it started. */
export interface SandboxSpawner {
  port: MessagePort;
  dispose(): void;
}

/** `testHook` asks the workers to honour the test hook (test-hook.ts): the harness pages of the
 *  development server only; a production build's worker ignores it. */
export function sandboxSpawner({ testHook = false }: { testHook?: boolean } = {}): SandboxSpawner {
  const channel = new MessageChannel();
  const own = channel.port1;
  const workers = new Map<number, Worker>();
  own.addEventListener('message', (event: MessageEvent<ToSpawner>) => {
    const request = event.data;
    if (request.type === 'terminate') {
      workers.get(request.id)?.terminate();
      workers.delete(request.id);
      return;
    }
    const worker = new Worker(new URL('./browser.worker.ts', import.meta.url), {
      type: 'module',
      name: 'python-sandbox',
    });
    workers.set(request.id, worker);
    worker.addEventListener('error', (error) => {
      error.preventDefault();
      own.postMessage({
        type: 'died',
        id: request.id,
        reason: error.message || 'the worker failed',
      } satisfies FromSpawner);
    });
    const connect: ConnectSandbox = testHook
      ? { type: 'connect', port: request.port, testHook }
      : { type: 'connect', port: request.port };
    worker.postMessage(connect, [request.port]);
  });
  own.start();
  return {
    port: channel.port2,
    dispose() {
      for (const worker of workers.values()) worker.terminate();
      workers.clear();
      own.close();
    },
  };
}
