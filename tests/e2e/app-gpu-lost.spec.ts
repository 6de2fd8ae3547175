/**
 * The GPU device lost in a live WebGPU run (SwiftShader in headless Chromium; the test destroys
 * the engine worker's device, as a driver reset would lose it): the page says so, the run moves
 * to WASM in a new worker and goes on. No iteration has finished here, so it starts again (the
 * resume from a checkpoint is the same path as after a crash: app-recover.spec.ts). SwiftShader is a
 * fallback adapter, which the page uses only when the address asks for WebGPU.
 */
import { expect, test, type Worker } from '@playwright/test';
import { WEBGPU_LAUNCH } from './webgpu-launch';
import { receivedTrace, waitForRecords } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 }, launchOptions: WEBGPU_LAUNCH });

/** The page's worker that holds the WebGPU device (the engine's). */
async function engineWorker(workers: Worker[]): Promise<Worker | null> {
  for (const w of workers) {
    if (await w.evaluate(() => '__agent0GpuDevice' in self).catch(() => false)) return w;
  }
  return null;
}

test('a lost GPU device moves the run to WASM, and the page says so', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/?preset=tiny&backend=webgpu');
  const badge = page.locator('[data-backend]');
  await expect(badge).toHaveAttribute('data-backend', 'webgpu', { timeout: 120_000 });

  await expect.poll(async () => (await engineWorker(page.workers())) !== null, { timeout: 30_000 }).toBe(true);
  const worker = (await engineWorker(page.workers())) as Worker;
  await worker.evaluate(() =>
    (self as unknown as { __agent0GpuDevice: { destroy(): void } }).__agent0GpuDevice.destroy(),
  );

  const notice = page.locator('[data-testid="device-lost"]');
  await expect(notice).toContainText('The GPU stopped working', { timeout: 60_000 });
  await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await expect(notice).toContainText('moved to WASM and started again');
  await expect(page.locator('[data-testid="no-webgpu"]')).toBeVisible();

  await page.keyboard.press('s');
  await waitForRecords(page, 1, 180_000);
  expect((await receivedTrace(page))[0]?.phase).toBe('questioner-rollouts');
});
