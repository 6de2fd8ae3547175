/**
 * Nothing past the browser sandbox worker, tested from inside in Chromium: the attacker starts where
 * a policy escape would leave them (the test hook, src/sandbox/test-hook.ts, on the development
 * server only: real builtins and the worker's JS global object as `scope`) and finds no JS bridge
 * module, no network, no storage, no page, no route from a string to code; no request leaves the
 * page's origin.
 */
import { expect, test } from '@playwright/test';
import type { RunResult, Sandbox } from '../../src/sandbox/types.ts';

interface Boundary {
  sandbox: Sandbox;
  prefix: string;
}

test('a Python program past the policy finds nothing in its worker', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const requests: string[] = [];
  await page.goto('/tests/e2e/pages/sandbox-boundary.html');
  await page.waitForFunction(() => 'boundary' in window);
  const attack = (code: string): Promise<RunResult> =>
    page.evaluate((source) => {
      const { sandbox, prefix } = (window as unknown as { boundary: Boundary }).boundary;
      return sandbox.run(prefix + source, { timeoutMs: 20_000 });
    }, code);
  // Every request is recorded, and none outside the page's origin is let through. (Each attack
  // leaves its worker changed, so the host replaces it: the new worker loads its files again.)
  context.on('request', (request) => requests.push(request.url()));
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );
  expect((await attack("print(open('/lib/python314.zip', 'rb').read(2))")).stdout).toBe("b'PK'\n");

  const bridge = await attack(
    [
      'import sys',
      "sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'BlockFinder']",
      'from _pyodide._importhook import jsfinder',
      'sys.meta_path.append(jsfinder)',
      "for name in ('js', 'pyodide_js'):",
      '    try:',
      '        __import__(name)',
      "        print(name, 'IMPORTED')",
      '    except ImportError as e:',
      '        print(name, type(e).__name__)',
    ].join('\n'),
  );
  expect(bridge.stdout).toBe('js ModuleNotFoundError\npyodide_js ModuleNotFoundError\n');

  const names = [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'EventSource',
    'importScripts',
    'indexedDB',
    'caches',
    'localStorage',
    'sessionStorage',
    'navigator',
    'postMessage',
    'BroadcastChannel',
    'Worker',
    'eval',
    'document',
    'window',
    'parent',
    'opener',
  ];
  const globals = await attack(`print([n for n in ${JSON.stringify(names)} if getattr(scope, n, None) is not None])`);
  expect(globals.stdout).toBe('[]\n');

  const routes = ["scope.Function('return 1')()", "scope.Object.constructor('return 1')()", "scope.setTimeout('1', 0)"];
  const strings = await attack(
    [
      `for route in ${JSON.stringify(routes)}:`,
      '    try:',
      "        print('RAN', eval(route))",
      '    except Exception as e:',
      "        print(str(e).split('\\n')[0].split(': ')[-1])",
    ].join('\n'),
  );
  expect(strings.stdout).toBe(
    [
      'creating functions from strings is disabled in the sandbox',
      'creating functions from strings is disabled in the sandbox',
      'setTimeout takes a function in the sandbox',
      '',
    ].join('\n'),
  );

  expect(await page.evaluate(() => localStorage.getItem('page-secret'))).toBe('kept by the page');
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});
