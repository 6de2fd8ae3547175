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
  'localStorage',
  'sessionStorage',
  'cookieStore',
  'RTCPeerConnection',
  'Notification',
  'navigator',
  'postMessage',
  'close',
  'eval',
  'open',
] as const;

/** Worker globals a Node sandbox removes: the process, module loading (the worker's script is
 *  run as CommonJS, which leaves `module`, whose `require` loads any module, and its siblings on
 *  the global object), network, messaging to other threads, eval. */
export const NODE_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
  'fetch',
  'WebSocket',
  'EventSource',
  'BroadcastChannel',
  'eval',
] as const;

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

/** Closes every route from a string to code left once eval is gone: `fn.constructor(...)` (from
 *  any function to the Function constructors) and the global `Function` throw, and a timer given a
 *  string instead of a function (which a browser compiles) throws. `instanceof Function` still
 *  holds. */
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
  refuse.prototype = Function.prototype;
  Object.defineProperty(globalThis, 'Function', { value: refuse, writable: false, configurable: false });
  const scope = globalThis as unknown as Record<string, unknown>;
  for (const name of ['setTimeout', 'setInterval']) {
    const timer = scope[name];
    if (typeof timer !== 'function') continue;
    const onlyFunctions = function (this: unknown, handler: unknown, ...rest: unknown[]): unknown {
      if (typeof handler !== 'function') throw new TypeError(`${name} takes a function in the sandbox`);
      return Reflect.apply(timer, this, [handler, ...rest]);
    };
    Object.defineProperty(globalThis, name, { value: onlyFunctions, writable: false, configurable: false });
  }
}
