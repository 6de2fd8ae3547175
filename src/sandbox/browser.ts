/**
 * The Python sandbox for the browser: Pyodide in a dedicated module Worker, loaded from the app's
 * own origin (public/pyodide/, filled by scripts/copy-pyodide.mjs). Interrupts need the page to be
 * cross-origin isolated (COOP + COEP, see vite.config.ts); without it only the watchdog stops runs.
 *
 * The worker that uses the sandbox (the engine, the repair lab) does not start the sandbox worker
 * itself: the page does, through `spawner` (page-spawner.ts, which says why), and the two talk
 * over a MessageChannel of their own.
 */
import { createHostedSandbox, type SandboxLimits, type WorkerHandle } from './host.ts';
import { sandboxPool } from './pool.ts';
import type { FromSpawner, FromWorker, Sandbox, ToSpawner } from './types.ts';

/** Options of the browser sandbox. */
export interface BrowserSandboxOptions extends SandboxLimits {
  /** The page's spawner port (page-spawner.ts), which starts and ends the sandbox workers. */
  spawner: MessagePort;
  /** Where the Pyodide files are served (default: `<base URL>pyodide/` of this app). */
  indexURL?: string;
  /** Runtimes side by side (pool.ts; default 1). */
  workers?: number;
}

/** `spawn` for the host: each sandbox worker is asked of the page and reached by its own port. */
function spawnThrough(spawner: MessagePort): () => WorkerHandle {
  const deaths = new Map<number, (reason: string) => void>();
  spawner.addEventListener('message', (event: MessageEvent<FromSpawner>) => {
    if (event.data.type === 'died') deaths.get(event.data.id)?.(event.data.reason);
  });
  spawner.start();
  let nextId = 0;
  return () => {
    const id = nextId++;
    const channel = new MessageChannel();
    const port = channel.port1;
    spawner.postMessage({ type: 'spawn', id, port: channel.port2 } satisfies ToSpawner, [channel.port2]);
    return {
      post: (message) => port.postMessage(message),
      listen(onMessage, onDeath) {
        port.addEventListener('message', (event: MessageEvent<FromWorker>) => onMessage(event.data));
        port.addEventListener('messageerror', () => onDeath('a message from the worker could not be read'));
        port.start();
        deaths.set(id, onDeath);
      },
      hold: () => {}, // a page's workers never keep anything alive
      terminate: () => {
        deaths.delete(id);
        port.close();
        spawner.postMessage({ type: 'terminate', id } satisfies ToSpawner);
      },
    };
  };
}

/** Creates a browser Python sandbox; Pyodide boots on `boot()` or on the first call, which waits for it. */
export function createBrowserSandbox(options: BrowserSandboxOptions): Sandbox {
  const { spawner, workers = 1, ...limits } = options;
  const indexURL = options.indexURL ?? new URL(`${import.meta.env.BASE_URL}pyodide/`, location.href).href;
  const spawn = spawnThrough(spawner);
  return sandboxPool(Array.from({ length: workers }, () => createHostedSandbox({ spawn, ...limits, indexURL })));
}
