/**
 * Nothing past the browser sandbox worker, tested from inside in Firefox ESR: the attacks of the
 * Chromium spec (tests/e2e/sandbox-boundary-attacks.ts: no JS bridge module, no network, storage,
 * messaging or page globals, no route from a string to code), each started where a policy escape
 * would leave the attacker, and the programs that change the interpreter or, past the policy, the
 * worker's JS realm for the next one (tests/unit/sandbox/fresh-state-attacks.ts).
 *
 * The escape is the test hook (src/sandbox/test-hook.ts), which only a development server's worker
 * honours (the build compiles it out): so this one file serves the sources with its own Vite
 * development server (tests/firefox/harness.ts, `serveDev`) and opens the harness page
 * tests/e2e/pages/sandbox-boundary.html; the production build's worker is checked from outside by
 * tests/e2e/app-sandbox-boundary.spec.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import type { RunResult } from '../../src/sandbox/types';
import { BOUNDARY_ATTACKS } from '../e2e/sandbox-boundary-attacks';
import { ESCAPED_STATE_ATTACKS, ORDINARY_PROGRAMS, STATE_ATTACKS } from '../unit/sandbox/fresh-state-attacks';
import { launchFirefox, serveDev, until, watch } from './harness';

const PAGE = 'tests/e2e/pages/sandbox-boundary.html';
let origin = '';
let stopServer = () => {};
let browser: Browser;
let page: Page;
let seen: ReturnType<typeof watch>;

/** Runs `code` in the page's sandbox, after the hook's prefix when `escaped`. */
function run(code: string, escaped: boolean): Promise<RunResult> {
  return page.evaluate(
    (source, prefixed) => {
      const { sandbox, prefix } = (window as unknown as { boundary: Boundary }).boundary;
      return sandbox.run((prefixed ? prefix : '') + source, { timeoutMs: 20_000 });
    },
    code,
    escaped,
  );
}
interface Boundary {
  sandbox: { run(code: string, options: { timeoutMs: number }): Promise<RunResult> };
  prefix: string;
}

before(async () => {
  ({ origin, stop: stopServer } = await serveDev(PAGE));
  browser = await launchFirefox();
  page = await browser.newPage();
  seen = watch(page);
  await page.goto(`${origin}/${PAGE}`);
  await until('the harness', () => page.evaluate(() => 'boundary' in window), 60_000);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
});

after(async () => {
  await browser?.close();
  stopServer();
});

test('Firefox: a Python program past the policy finds nothing in its worker', { timeout: 180_000 }, async () => {
  for (const { name, code, stdout } of BOUNDARY_ATTACKS) {
    const result = await run(code, true);
    assert.deepEqual([result.stdout, result.error], [stdout, undefined], name);
  }
  assert.equal(await page.evaluate(() => localStorage.getItem('page-secret')), 'kept by the page');
  assert.deepEqual(seen.external, []);
});

test('Firefox: a sandbox program leaves nothing for the next one', { timeout: 180_000 }, async () => {
  const attacks = [
    ...STATE_ATTACKS.map((a) => ({ ...a, escaped: false })),
    ...ESCAPED_STATE_ATTACKS.map((a) => ({ ...a, escaped: true })),
  ];
  for (const { name, attack, later, stdout, error, escaped } of attacks) {
    assert.equal((await run(attack, escaped)).crashed, false, name);
    for (const result of [await run(later, false), await run(later, false)]) {
      if (stdout !== undefined) assert.deepEqual([result.stdout, result.error], [stdout, undefined], name);
      if (error) assert.match(result.error ?? '', error, name);
    }
  }
  for (const { code, stdout } of ORDINARY_PROGRAMS) {
    const result = await run(code, false);
    assert.deepEqual([result.stdout, result.error], [stdout, undefined], code);
  }
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.external, []);
});
