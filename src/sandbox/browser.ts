/**
 * The Python sandbox for the browser: Pyodide in a dedicated module Worker, loaded from the app's
 * own origin (public/pyodide/, filled by scripts/copy-pyodide.mjs). Interrupts need the page to be
 * cross-origin isolated (COOP + COEP, see vite.config.ts); without it only the watchdog stops runs.
 */
import { createHostedSandbox, type SandboxLimits, type WorkerHandle } from './host.ts';
import type { FromWorker, Sandbox } from './types.ts';

/** Options of the browser sandbox. */
export interface BrowserSandboxOptions extends SandboxLimits {
  /** Where the Pyodide files are served (default: `<base URL>pyodide/` of this app). */
  indexURL?: string;
}

function spawn(): WorkerHandle {
  const worker = new Worker(new URL('./browser.worker.ts', import.meta.url), {
    type: 'module',
    name: 'python-sandbox',
  });
  return {
    post: (message) => worker.postMessage(message),
    listen(onMessage, onDeath) {
      worker.addEventListener('message', (event: MessageEvent<FromWorker>) => onMessage(event.data));
      worker.addEventListener('error', (event) => {
        // Handled here: unhandled, Firefox passes a nested worker's error on to the engine worker's
        // scope, which takes the whole engine down instead of this sandbox.
        event.preventDefault();
        onDeath(event.message || 'the worker failed');
      });
      worker.addEventListener('messageerror', () => onDeath('a message from the worker could not be read'));
    },
    hold: () => {}, // a page's workers never keep anything alive
    terminate: () => worker.terminate(),
  };
}

/** Creates a browser Python sandbox; its first call waits for Pyodide to boot. */
export function createBrowserSandbox(options: BrowserSandboxOptions = {}): Sandbox {
  const indexURL = options.indexURL ?? new URL(`${import.meta.env.BASE_URL}pyodide/`, location.href).href;
  return createHostedSandbox({ spawn, ...options, indexURL });
}
