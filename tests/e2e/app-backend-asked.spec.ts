/**
 * `?backend=wasm` is obeyed, and the badge and the header say that the address asked for it (not
 * that this browser lacks WebGPU).
 */
import { expect, test } from '@playwright/test';
import { watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

test('?backend=wasm: the badge and the header say it was asked for in the address', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = watchPage(page);
  await page.goto('/?preset=tiny&backend=wasm');
  const badge = page.locator('[data-backend]');
  await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 120_000 });
  await expect(badge).toHaveAttribute('data-basis', 'asked');
  await expect(page.locator('[data-testid="backend-asked"]')).toHaveText(
    'Training runs on WASM because the address asks for it.',
  );
  await expect(page.locator('[data-testid="no-webgpu"]')).toHaveCount(0);

  await badge.locator('summary').click();
  const why = page.locator('[data-testid="backend-why"]');
  await expect(why).toBeVisible();
  await expect(why).toContainText('WASM was asked for in the address (backend=wasm); nothing was measured.');
  // The build its cores call for (app-start.spec.ts tests the rule): threads from 4 logical cores.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await expect(why).toContainText(cores >= 4 ? 'WASM build: threaded SIMD.' : 'WASM build: SIMD.');
  expect(seen.errors).toEqual([]);
});
