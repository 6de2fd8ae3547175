/**
 * The repair lab's Run live on a browser whose only WebGPU adapter is a fallback adapter (Chromium's
 * SwiftShader, which emulates the GPU on the CPU): it skips it by the main lab's rule and runs on
 * WASM, says why, and reports its progress with the iterations asked for as the denominator, from
 * loading to "Finished: 1 of 1 iterations." (issue 25 item 8: it sat on SwiftShader for 9 minutes
 * and ended with "Finished. 1").
 */
import { expect, test } from '@playwright/test';
import { watchPage } from './app-checks';
import { WEBGPU_LAUNCH } from './webgpu-launch';

test.use({ viewport: { width: 1280, height: 900 }, launchOptions: WEBGPU_LAUNCH });

test('Run live skips the fallback adapter, runs on WASM and shows its progress', async ({ page }) => {
  test.setTimeout(360_000);
  const watch = watchPage(page);
  await page.goto('/?mode=replay');
  const fallback = await page.evaluate(async () => {
    const a = await (navigator as unknown as { gpu: { requestAdapter(): Promise<unknown> } }).gpu.requestAdapter();
    return (a as { info?: { isFallbackAdapter?: boolean } } | null)?.info?.isFallbackAdapter ?? null;
  });
  expect(fallback).toBe(true);

  await page.locator('#ch-repair').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-mark="repair-controls"]')).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-action="repair-live-iterations"]').fill('1');
  await page.locator('[data-action="repair-live-run"]').click();

  const backend = page.locator('[data-mark="repair-live-backend"]');
  await expect(backend).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await expect(backend).toHaveText(
    'Computing on the processor (WASM). WebGPU cannot be used here: the only graphics card the browser offers is imitated on the processor, which is slower.',
  );

  const status = page.locator('[data-mark="repair-live-status"]');
  // Training the one iteration asked for: "iteration 1 of 1", with a progress bar of 0 of 1.
  await expect(status).toHaveAttribute('data-stage', 'training', { timeout: 240_000 });
  await expect(status).toHaveText('Training: iteration 1 of 1…');
  await expect(page.locator('[data-mark="repair-live-progress"]')).toHaveAttribute('max', '1');
  await expect(status).toHaveAttribute('data-stage', 'finished', { timeout: 240_000 });
  await expect(status).toHaveText('Finished: 1 of 1 iterations.');
  await expect(page.locator('[data-mark="repair-live-progress"]')).toHaveJSProperty('value', 1);
  await expect(page.locator('[data-mark="repair-live-error"]')).toHaveCount(0);
  expect(watch.errors).toEqual([]);
});
