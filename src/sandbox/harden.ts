/**
 * The JS layer of the sandbox (see the threat model in prelude.ts): run inside the worker after
 * Pyodide has loaded, so that even code that escaped the Python layer finds nothing to call.
 */

/** Worker globals a browser sandbox removes: network, messaging, storage, code loading, fonts (a
 *  `FontFace` or `fonts.load` fetches a URL). */
export const BROWSER_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'EventSource',
  'WebTransport',
  'FontFace',
  'fonts',
  'importScripts',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'MessageChannel',
  'indexedDB',
  'caches',
  'navigator',
  'postMessage',
  'close',
  'eval',
  'open',
] as const;

/** Worker globals a Node sandbox removes: the process, module loading, network, eval. */
export const NODE_GLOBALS = ['process', 'require', 'fetch', 'WebSocket', 'EventSource', 'eval'] as const;

/** Deletes each name from globalThis and its prototype chain; shadows what cannot be deleted. */
export function stripGlobals(names: readonly string[]): void {
  for (const name of names) {
    for (let scope: object | null = globalThis; scope !== null; scope = Object.getPrototypeOf(scope)) {
      if (Object.prototype.hasOwnProperty.call(scope, name)) Reflect.deleteProperty(scope, name);
    }
    if (name in globalThis) {
      Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
    }
  }
}

/** Makes `fn.constructor(...)` (the usual route from any function to eval) throw. */
export function disableFunctionConstructors(): void {
  const refuse = function (): never {
    throw new Error('creating functions from strings is disabled in the sandbox');
  };
  const samples = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const sample of samples) {
    Object.defineProperty(Object.getPrototypeOf(sample), 'constructor', {
      value: refuse,
      writable: false,
      configurable: false,
    });
  }
}
