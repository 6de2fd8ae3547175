/**
 * The production build in a second browser engine: Debian's Firefox ESR, driven over WebDriver
 * BiDi with puppeteer-core (Playwright cannot download its own Firefox here). The recorded run
 * replays into the views, a live tiny phase with the Python tool trains on WASM, the page says
 * which backend runs and why, the Korean page renders, and no page error is seen.
 * Run by `npm run test:firefox` (node's test runner under tsx); the build is made once into
 * dist-firefox and served by `vite preview` with the app's COOP/COEP headers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { PHASES } from '../../src/engine/trace';

const PORT = Number(process.env.FIREFOX_PORT ?? 5176);
const ORIGIN = `http://localhost:${PORT}`;
const OUT_DIR = 'dist-firefox';
let server: ChildProcess;
let browser: Browser;

/** Polls `probe` every 200 ms until it holds or `ms` pass. */
async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Errors the page reports (uncaught exceptions and console errors) and requests leaving localhost. */
function watch(page: Page): { errors: string[]; external: string[] } {
  const seen = { errors: [] as string[], external: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
      seen.external.push(r.url());
  });
  return seen;
}

const traceLength = (page: Page): Promise<number> =>
  page.evaluate(() => (window as { __agent0Trace?: unknown[] }).__agent0Trace?.length ?? 0);
const attr = (page: Page, selector: string, name: string): Promise<string | null> =>
  page.$eval(selector, (el, n) => el.getAttribute(n), name);

before(async () => {
  execFileSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  server = spawn('npx', ['vite', 'preview', '--outDir', OUT_DIR, '--port', String(PORT), '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  });
  await until('vite preview', async () => (await fetch(`${ORIGIN}/`)).ok, 60_000);
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
  });
});

after(async () => {
  await browser?.close();
  if (server?.pid) process.kill(-server.pid);
});

test('Firefox: the recorded run replays phase by phase into the views', { timeout: 180_000 }, async () => {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.goto(`${ORIGIN}/?mode=replay`);
  await until(
    'the recorded backend',
    async () => /^recorded · /.test((await attr(page, '[data-backend]', 'data-backend')) ?? ''),
    60_000,
  );
  for (let i = 0; i < PHASES.length; i++) {
    await until(
      'Step phase enabled',
      () => page.$eval('[data-action="step"]', (b) => !(b as HTMLButtonElement).disabled),
      30_000,
    );
    await page.keyboard.press('s');
    await until(`record ${i + 1}`, async () => (await traceLength(page)) === i + 1, 30_000);
  }
  const phases = await page.evaluate(() =>
    ((window as { __agent0Trace?: { phase: string }[] }).__agent0Trace ?? []).map((r) => r.phase),
  );
  assert.deepEqual(phases, [...PHASES]);
  for (const view of ['rollouts', 'grpo-groups']) {
    assert.ok((await page.$$(`[data-view="${view}"] [data-mark]`)).length > 0, `marks in the ${view} view`);
  }
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(seen.external, []);
  await page.close();
});

test(
  'Firefox: a live phase trains on WASM with the Python tool, and the page says why WASM',
  { timeout: 420_000 },
  async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto(`${ORIGIN}/?preset=tiny`);
    await until(
      'the live backend',
      async () => ['wasm', 'webgpu'].includes((await attr(page, '[data-backend]', 'data-backend')) ?? ''),
      120_000,
    );
    const backend = await attr(page, '[data-backend]', 'data-backend');
    assert.ok(backend === 'wasm' || backend === 'webgpu', `backend ${backend}`);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    await page.click('[data-backend] summary');
    const why = await page.$eval('[data-testid="backend-why"]', (el) => el.textContent ?? '');
    if (backend === 'wasm') assert.match(why, /WASM/);
    // Three phases: the questioner writes, the contract parses, the solver proxy calls the Python tool.
    for (let i = 0; i < 3; i++) {
      await until(
        'Step phase enabled',
        () => page.$eval('[data-action="step"]', (b) => !(b as HTMLButtonElement).disabled),
        240_000,
      );
      await page.click('[data-action="step"]');
      await until(`record ${i + 1}`, async () => (await traceLength(page)) === i + 1, 240_000);
    }
    const proxy = await page.evaluate(() => {
      const trace = (window as { __agent0Trace?: { phase: string; results?: { toolCalls: number[] }[] }[] })
        .__agent0Trace;
      return trace?.[2];
    });
    assert.equal(proxy?.phase, 'solver-proxy');
    const calls = (proxy?.results ?? []).flatMap((r) => r.toolCalls).reduce((a, b) => a + b, 0);
    assert.ok(calls > 0, 'the proxy ran Python tool calls');
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.external, []);
    await page.close();
  },
);

test('Firefox: the Korean page renders in Korean', { timeout: 120_000 }, async () => {
  const page = await browser.newPage();
  const seen = watch(page);
  await page.goto(`${ORIGIN}/?mode=replay&lang=ko`);
  await until('the step button', async () => (await page.$('[data-action="step"]')) !== null, 60_000);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  assert.match(await page.$eval('[data-action="step"]', (b) => b.textContent ?? ''), /한 단계/);
  assert.deepEqual(seen.errors, []);
  await page.close();
});
