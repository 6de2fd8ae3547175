/**
 * Nothing past the browser sandbox worker, tested from inside in Chromium: the attacker starts where
 * a policy escape would leave them (the test hook, src/sandbox/test-hook.ts, on the development
 * server only: real builtins and the worker's JS global object as `scope`) and finds no JS bridge
 * module, no network, no storage, no page, no route from a string to code
 * (tests/e2e/sandbox-boundary-attacks.ts, which Firefox runs too: tests/firefox/sandbox-boundary.test.ts),
 * and what they change in the worker's JS realm does not reach the next program
 * (tests/unit/sandbox/fresh-state-attacks.ts); no request leaves the page's origin.
 */
import { expect, test } from '@playwright/test';
import type { RunResult, Sandbox } from '../../src/sandbox/types.ts';
import { ESCAPED_STATE_ATTACKS } from '../unit/sandbox/fresh-state-attacks.ts';
import { BOUNDARY_ATTACKS } from './sandbox-boundary-attacks.ts';

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
  for (const { name, code, stdout } of BOUNDARY_ATTACKS) {
    const result = await attack(code);
    expect([result.stdout, result.error], name).toEqual([stdout, undefined]);
  }
  // What the attacker changes in the worker's JS realm does not reach the next, ordinary program.
  const run = (code: string): Promise<RunResult> =>
    page.evaluate(
      (source) => (window as unknown as { boundary: Boundary }).boundary.sandbox.run(source, { timeoutMs: 20_000 }),
      code,
    );
  for (const { name, attack: code, later, stdout } of ESCAPED_STATE_ATTACKS) {
    expect((await attack(code)).crashed, name).toBe(false);
    for (const result of [await run(later), await run(later)])
      expect([result.stdout, result.error], name).toEqual([stdout, undefined]);
  }
  expect(await page.evaluate(() => localStorage.getItem('page-secret'))).toBe('kept by the page');
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});
