/**
 * On this machine's Chromium with SwiftShader, the only WebGPU adapter reports `isFallbackAdapter`
 * (it emulates the GPU on the CPU), so the page skips it without measuring, runs on WASM and says
 * why in the header and the badge, in English and Korean.
 */
import { expect, test } from '@playwright/test';
import { WEBGPU_LAUNCH } from './webgpu-launch';
import { watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 }, launchOptions: WEBGPU_LAUNCH });

test('the fallback adapter is skipped unmeasured, and the page says why WASM runs', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = watchPage(page);
  const fallback = await page.goto('/?mode=replay').then(() =>
    page.evaluate(async () => {
      const a = await (navigator as unknown as { gpu: { requestAdapter(): Promise<unknown> } }).gpu.requestAdapter();
      return (a as { info?: { isFallbackAdapter?: boolean } } | null)?.info?.isFallbackAdapter ?? null;
    }),
  );
  expect(fallback).toBe(true);

  await page.goto('/?preset=tiny');
  const badge = page.locator('[data-backend]');
  await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await expect(badge).toHaveAttribute('data-basis', 'no-webgpu');
  await expect(page.locator('[data-testid="no-webgpu"]')).toHaveText(
    "This browser's only WebGPU adapter emulates the GPU on the CPU, so training runs on a backend made for the CPU.",
  );
  await badge.locator('summary').click();
  const why = page.locator('[data-testid="backend-why"]');
  await expect(why).toContainText('The only WebGPU adapter is a fallback adapter');
  await expect(why).toContainText('so WASM runs, unmeasured.');
  await expect(why).toContainText('WebGPU skipped: the only adapter is a fallback adapter (google swiftshader)');

  // The same in Korean.
  await page.locator('button.lang').click();
  await expect(page.locator('[data-testid="no-webgpu"]')).toContainText('CPU에서 GPU를 흉내 내는');
  await expect(why).toContainText('대체 어댑터');
  // The skip reason is said in Korean too; only the adapter's own name stays as the browser gives it.
  await expect(why).toContainText(
    'WebGPU 건너뜀: 어댑터가 CPU에서 GPU를 흉내 내는 대체 어댑터(google swiftshader)뿐입니다',
  );
  expect(seen.errors).toEqual([]);
});
