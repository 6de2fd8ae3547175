/**
 * The Content-Security-Policy (config/csp.ts) on the running app: the dev and preview servers send
 * it as a header (for the page and its workers), the build carries it as a <meta> tag too. Under it
 * the page boots cross-origin isolated, trains live on tfjs's WASM backend, runs the Python tool in
 * Pyodide, and replays the recording with its formulas, with no violation reported.
 */
import { expect, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY, headerPolicy } from '../../config/csp';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 } });

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('under the Content-Security-Policy the page trains with Python on WASM and replays', async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  const seen = watchPage(page);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });

  const response = await page.goto('/?preset=tiny');
  expect(response?.headers()['content-security-policy']).toBe(headerPolicy('/?preset=tiny'));
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  if (testInfo.project.name === 'build') await expect(meta).toHaveAttribute('content', CONTENT_SECURITY_POLICY);
  else await expect(meta).toHaveCount(0);

  const badge = page.locator('[data-backend]');
  await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 180_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  // The questioner writes, the contract parses, the solver proxy calls the Python tool (Pyodide).
  for (let i = 0; i < 3; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 240_000 });
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 240_000);
  }
  const proxy = (await receivedTrace(page))[2] as { phase: string; results: { toolCalls: number[] }[] };
  expect(proxy.phase).toBe('solver-proxy');
  expect(proxy.results.flatMap((r) => r.toolCalls).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  await expect(page.locator('[data-view="transcripts"] [data-mark="transcript"]')).not.toHaveCount(0);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

  // The recording, with KaTeX's formulas (inline styles) and the charts.
  await page.goto('/?mode=replay');
  for (let i = 0; i < 4; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 60_000 });
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 30_000);
  }
  await expect(page.locator('[data-view="reward-parts"] [data-mark="reward-total"]')).not.toHaveCount(0);
  await expect(page.locator('[data-view="uncertainty"] .katex').first()).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(refused).toEqual([]);
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});
