/** The browser sandbox worker (a dedicated module Worker started by browser.ts). */
import { BROWSER_GLOBALS } from './harden.ts';
import { serve } from './runtime.ts';
import type { FromWorker, ToWorker } from './types.ts';

// Captured before harden.ts removes postMessage and addEventListener's siblings from the scope.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = scope.postMessage.bind(scope) as (message: FromWorker) => void;
serve({
  post,
  listen: (handler) => scope.addEventListener('message', (event: MessageEvent<ToWorker>) => handler(event.data)),
  strip: BROWSER_GLOBALS,
  jsHeapBytes: () => 0,
});
