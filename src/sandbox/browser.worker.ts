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
    const { port, testHook } = event.data;
    serve({
      post: (message: FromWorker) => port.postMessage(message),
      listen: (handler) => {
        port.addEventListener('message', (e: MessageEvent<ToWorker>) => handler(e.data));
        port.start();
      },
      strip: BROWSER_GLOBALS,
      // Only the development server's worker may honour the hook: `import.meta.env.DEV` is false
      // in a production build, which drops this switch.
      testHook: import.meta.env.DEV && testHook === true,
      // Chromium's used JS heap where it offers it to a worker; other browsers report nothing.
      jsHeapBytes: () => (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    });
  },
  { once: true },
);
