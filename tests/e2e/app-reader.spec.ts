/**
 * A reader's browser, not driven by automation (`navigator.webdriver` false, as Chromium is with
 * AutomationControlled off): the page works and exposes none of its test hooks
 * (src/ui/lib/test-hooks.ts), in the same build the other specs test.
 */
import { expect, test } from '@playwright/test';
import { CLOSED_NETWORK_ARGS } from './webgpu-launch';

test.use({
  viewport: { width: 1280, height: 720 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS, '--disable-blink-features=AutomationControlled'],
  },
});

const hooks = () => Object.keys(window).filter((k) => k.startsWith('__agent0'));

test('without automation the page has no test hooks, and works', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/?mode=replay');
  expect(await page.evaluate(() => navigator.webdriver)).toBe(false);
  const transcripts = page.locator('[data-view="transcripts"]');
  for (let i = 0; i < 3; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
    await page.keyboard.press('s');
    // The replay is idle again after each phase (Pause disabled), and the third phase fills the transcripts.
    await expect(page.locator('[data-action="pause"]')).toBeDisabled();
  }
  await expect(transcripts).toHaveAttribute('data-empty', 'false');
  await expect(page.locator('[data-view="transcripts"] [data-mark="transcript"]')).not.toHaveCount(0);
  expect(await page.evaluate(hooks)).toEqual([]);

  // Live: the engine's worker (started as the page loads) is not on the page either.
  await page.goto('/?preset=tiny');
  await expect.poll(() => page.workers().length, { timeout: 60_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(hooks)).toEqual([]);
});
