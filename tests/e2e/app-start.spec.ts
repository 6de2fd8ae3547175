/**
 * Starting the live engine without WebGPU (plain headless flags), as most visitors do: on the dev
 * server and on the production build (`vite build` + `vite preview`, where tfjs's threaded WASM
 * once failed in every pthread worker). Where tfjs's pool would get two threads or more, the engine
 * must come up on the threaded WASM binary in a cross-origin-isolated page and train a phase; with
 * fewer cores the page asks for the build without threads and says why; a start that fails must be
 * said in plain words, with the recorded run one click away.
 */
import { expect, type Page, test } from '@playwright/test';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

/** The logical cores a worker of this page sees (the page's own `navigator` may be told otherwise). */
const workerCores = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = new Worker(URL.createObjectURL(new Blob(['postMessage(navigator.hardwareConcurrency)'])));
        w.onmessage = (e: MessageEvent<number>) => resolve(e.data);
      }),
  );

test('without WebGPU the engine starts on threaded WASM and trains a phase', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = watchPage(page);
  // The page decides the build from its cores (src/model/backend/wasm-threads.ts): told 8, it asks for
  // threads on any machine, so the threaded build is tested here even on two cores.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 }));
  const wasmBinaries: string[] = [];
  page.on('request', (r) => {
    // The binaries tfjs fetches, not the dev server's `…wasm?import&url` modules that name them.
    const url = new URL(r.url());
    if (/tfjs-backend-wasm[\w-]*\.wasm$/.test(url.pathname) && !url.search.includes('import'))
      wasmBinaries.push(url.pathname);
  });
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await expect(page.locator('[data-testid="no-webgpu"]')).toBeVisible();
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);

  // The threaded SIMD binary is the one loaded (its pthread workers are the part that once broke in
  // the build). tfjs sizes its pool from the logical cores the engine's worker sees (backend.cc:
  // half of them, clamped to 1…8), and the badge says how many.
  expect(wasmBinaries.length).toBeGreaterThan(0);
  for (const binary of wasmBinaries) expect(binary).toMatch(/tfjs-backend-wasm-threaded-simd[\w-]*\.wasm$/);
  const cores = await workerCores(page);
  const threads = Number(await page.locator('[data-backend]').getAttribute('data-threads'));
  expect(threads).toBe(Math.min(Math.max(Math.floor(cores / 2), 1), 8));
  await expect(page.locator('.badge')).toContainText(threads === 1 ? '1 thread' : `${threads} threads`);
  // The badge's details say why (no adapter without flags) and which build runs, as fetched above.
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-basis', 'no-webgpu');
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-binary', 'threaded-simd');
  await page.locator('[data-backend] summary').click();
  const why = page.locator('[data-testid="backend-why"]');
  await expect(why).toContainText('The browser found no WebGPU adapter, so WASM runs, unmeasured.');
  await expect(why).toContainText('WASM build: threaded SIMD.');
  await page.locator('[data-backend] summary').click();

  await page.locator('[data-action="step"]').click();
  await waitForRecords(page, 1, 180_000);
  const [first] = await receivedTrace(page);
  expect(first?.phase).toBe('questioner-rollouts');
  await expect(page.locator('[data-view="rollouts"] [data-mark="rollout"]').first()).toBeVisible();
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});

test('the page asks for the build its cores call for, and says why when it is without threads', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?preset=tiny');
  const badge = page.locator('[data-backend]');
  await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const threaded = Math.min(Math.max(Math.floor(cores / 2), 1), 8) >= 2;
  await expect(badge).toHaveAttribute('data-binary', threaded ? 'threaded-simd' : 'simd');
  await badge.locator('summary').click();
  const why = page.locator('[data-testid="backend-why"]');
  await expect(why).toContainText(threaded ? 'WASM build: threaded SIMD.' : 'WASM build: SIMD.');
  if (!threaded) {
    await expect(why).toContainText('1 thread: this build runs on one thread.');
    await expect(why).toContainText(`With ${cores} logical cores the threaded build would run one thread`);
  }
});

test('an engine that cannot start is said plainly, and the recorded run is offered', async ({ page }) => {
  test.setTimeout(180_000);
  await page.route('**/models/base.a0lm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/?preset=tiny');
  await expect(page.locator('[data-testid="start-failed"]')).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-testid="status"]')).toContainText('HTTP 404');
  await expect(page.locator('[data-action="step"]')).toBeDisabled();

  await page.getByRole('button', { name: 'Replay the recorded classroom run instead' }).click();
  await expect(page).toHaveURL(/mode=replay/);
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', /^recorded · /);
  await expect(page.locator('[data-testid="start-failed"]')).toHaveCount(0);
  await page.keyboard.press('s');
  await waitForRecords(page, 1, 30_000);
});
