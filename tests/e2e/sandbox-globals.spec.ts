/**
 * The globals the Python sandbox's worker removes (src/sandbox/harden.ts), checked in a real
 * Chromium worker: each name that the worker offers before is undefined after, including `FontFace`
 * and `fonts` (both can make the worker fetch a URL).
 */
import { expect, test } from '@playwright/test';

interface Report {
  before: Record<string, string>;
  after: Record<string, string>;
  fontLoad: string;
}

test('the sandbox worker has no network, messaging, storage or font loading left', async ({ page }) => {
  await page.goto('/tests/e2e/pages/harden.html');
  await page.waitForFunction(() => 'hardenReport' in window);
  const report = (await page.evaluate(() =>
    (window as unknown as { hardenReport(): Promise<unknown> }).hardenReport(),
  )) as Report;
  // Chromium's workers offer these before stripping (so the test checks a real removal).
  for (const name of ['fetch', 'FontFace', 'fonts', 'indexedDB', 'postMessage', 'importScripts'])
    expect(report.before[name], name).not.toBe('undefined');
  expect(Object.entries(report.after).filter(([, type]) => type !== 'undefined')).toEqual([]);
  expect(report.fontLoad).toBe('no FontFace');
});
