/**
 * The production build's Python sandbox worker, observed from outside (issue 58, "nothing past the
 * worker"): the build has no test hook, so no attack can start past the Python policy from inside
 * (tests/e2e/sandbox-boundary.spec.ts does that on the development server). Here the worker script
 * the page itself starts (its URL taken from the live page) is started once more as the page
 * starts it, asked to honour the hook, and booted; then
 * - the hook is off: a program with the hook's prefix is checked by the policy like any other;
 * - the worker's own global scope, read through the browser's debugging protocol, has none of the
 *   globals that reach the network, storage, other contexts or code loading, no route from a
 *   string to code, and its JS realm is frozen.
 */
import { expect, type Page, test } from '@playwright/test';
import { UNGUARDED_PREFIX } from '../../src/sandbox/test-hook.ts';
import type { FromWorker } from '../../src/sandbox/types.ts';

/** Globals that reach the network, storage, other contexts or code loading (written from the
 *  threat, not from harden.ts's list). */
const REACHING = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'navigator',
  'postMessage',
  'BroadcastChannel',
  'MessageChannel',
  'Worker',
  'eval',
  'FontFace',
  'fonts',
];

/**
 * `evaluate(expression)` in the page's worker at `url`, through Chromium's DevTools protocol: the
 * page's session attaches to its workers (Target.setAutoAttach, not flattened) and sends
 * Runtime.evaluate to that worker's session; the value comes back by value.
 */
async function debuggerOf(page: Page, url: string): Promise<(expression: string) => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  const sessions = new Map<string, string>();
  const replies = new Map<number, (result: unknown) => void>();
  cdp.on('Target.attachedToTarget', (e) => sessions.set(e.targetInfo.url, e.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const message = JSON.parse(e.message) as { id?: number; result?: { result: { value: unknown } }; error?: unknown };
    if (message.id !== undefined) replies.get(message.id)?.(message.result?.result.value ?? message.error);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await expect.poll(() => sessions.has(url)).toBe(true);
  const sessionId = sessions.get(url) ?? '';
  let next = 0;
  return (expression) =>
    new Promise((resolve) => {
      const id = ++next;
      replies.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
      });
    });
}

test('the production sandbox worker ignores the test hook and has nothing past it', async ({ page }) => {
  const appWorker = page.waitForEvent('worker', {
    predicate: (w) => /\/browser\.worker-[\w-]+\.js$/.test(w.url()),
    timeout: 120_000,
  });
  await page.goto('/?preset=tiny');
  const url = `${(await appWorker).url()}?probe`;
  const probe = page.waitForEvent('worker', (w) => w.url() === url);
  // The page's way of starting a sandbox worker (src/sandbox/page-spawner.ts), with the hook asked for.
  const booted = await page.evaluate(
    (scriptUrl) =>
      new Promise<FromWorker>((resolve) => {
        const worker = new Worker(scriptUrl, { type: 'module', name: 'python-sandbox' });
        const channel = new MessageChannel();
        worker.postMessage({ type: 'connect', port: channel.port2, testHook: true }, [channel.port2]);
        const port = channel.port1;
        (window as unknown as { probe: MessagePort }).probe = port;
        port.onmessage = (e: MessageEvent<FromWorker>) => resolve(e.data);
        port.postMessage({ type: 'init', indexURL: new URL('/pyodide/', location.href).href, interrupt: null });
      }),
    url,
  );
  expect(booted.type).toBe('ready');
  const run = (code: string): Promise<FromWorker> =>
    page.evaluate(
      (source) =>
        new Promise<FromWorker>((resolve) => {
          const port = (window as unknown as { probe: MessagePort }).probe;
          port.onmessage = (e: MessageEvent<FromWorker>) => resolve(e.data);
          port.postMessage({ type: 'run', id: 1, code: source });
        }),
      code,
    );
  // The development server's worker runs this unchecked and prints b'PK' (sandbox-boundary.spec.ts).
  expect(await run(`${UNGUARDED_PREFIX}print(open('/lib/python314.zip', 'rb').read(2))`)).toMatchObject({
    type: 'result',
    stdout: '',
    error: expect.stringMatching(/is not allowed in the sandbox/),
  });
  expect(await run(`${UNGUARDED_PREFIX}import js`)).toMatchObject({
    error: expect.stringMatching(/import of 'js' is blocked in the sandbox/),
  });

  // Playwright's own worker.evaluate needs the worker's `eval`, which the sandbox removes: the
  // expressions go straight to Chromium's debugger (Runtime.evaluate) in that worker instead.
  await probe;
  const inWorker = await debuggerOf(page, url);
  expect(await inWorker(`${JSON.stringify(REACHING)}.filter((n) => typeof globalThis[n] !== 'undefined')`)).toEqual([]);
  const routes = await inWorker(
    `[() => Function('return 1')(), () => (async () => {}).constructor('return 1')(), () => setTimeout('1', 0)].map((route) => {
      try {
        return 'RAN ' + String(route());
      } catch (err) {
        return err.message;
      }
    })`,
  );
  // Its JS realm is frozen (src/sandbox/freeze-realm.ts): nothing a program changes there outlives it.
  expect(
    await inWorker(
      '[globalThis, Date, Array.prototype, Object.prototype, Object.getPrototypeOf([][Symbol.iterator]())].map(Object.isFrozen)',
    ),
  ).toEqual([true, true, true, true, true]);
  expect(routes).toEqual([
    'creating functions from strings is disabled in the sandbox',
    'creating functions from strings is disabled in the sandbox',
    'setTimeout takes a function in the sandbox',
  ]);
});
