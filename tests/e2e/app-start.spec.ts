/**
 * Starting the live engine without WebGPU (plain headless flags), as most visitors do: on the dev
 * server and on the production build (`vite build` + `vite preview`, where tfjs's threaded WASM
 * once failed in every pthread worker). The engine must come up on the threaded WASM binary in a
 * cross-origin-isolated page and train a phase; a start that fails must be said in plain words,
 * with the recorded run one click away.
 */
import { expect, test } from '@playwright/test';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

test('without WebGPU the engine starts on threaded WASM and trains a phase', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = watchPage(page);
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
  // the build). tfjs sizes its pool from the logical cores (backend.cc: half of them, clamped to
  // 1…8, the pthread workers it pre-creates), and the badge says how many.
  expect(wasmBinaries.length).toBeGreaterThan(0);
  for (const binary of wasmBinaries) expect(binary).toMatch(/tfjs-backend-wasm-threaded-simd[\w-]*\.wasm$/);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
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
