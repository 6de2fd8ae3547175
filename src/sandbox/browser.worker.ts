/**
 * The browser sandbox worker: a dedicated module Worker started by the page (page-spawner.ts),
 * which hands it the port to its host (browser.ts) first; everything after goes over that port.
 */
import { BROWSER_GLOBALS } from './harden.ts';
import { serve } from './runtime.ts';
import type { ConnectSandbox, FromWorker, ToWorker } from './types.ts';

// Captured before harden.ts removes postMessage and addEventListener's siblings from the scope.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener(
  'message',
  (event: MessageEvent<ConnectSandbox>) => {
    const { port } = event.data;
    serve({
      post: (message: FromWorker) => port.postMessage(message),
      listen: (handler) => {
        port.addEventListener('message', (e: MessageEvent<ToWorker>) => handler(e.data));
        port.start();
      },
      strip: BROWSER_GLOBALS,
      jsHeapBytes: () => 0,
    });
  },
  { once: true },
);
