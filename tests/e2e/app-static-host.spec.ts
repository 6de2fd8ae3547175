/**
 * A static host that sends no header at all (a plain file server, started here over the build):
 * the page's Content-Security-Policy comes from its <meta> tag, and cross-origin isolation from the
 * service worker (src/sw.ts), which adds COOP/COEP to every same-origin response it gives. The
 * first visit loads unisolated, the page reloads once when the worker takes control, and from then
 * on it is isolated: the engine trains on WASM and the Python tool runs.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test, type TestInfo } from '@playwright/test';
import { BUILD_DIR } from '../../playwright.config';
import { CONTENT_SECURITY_POLICY } from '../../config/csp';
import { ISOLATION_RELOAD_KEY } from '../../src/ui/state/app-update.svelte';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

test.use({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'allow' });

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves `root` with a content type and nothing else: no COOP, COEP, CSP or caching headers. */
async function plainHost(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(normalize(root))) file = join(root, 'missing');
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

function onlyInBuild(testInfo: TestInfo): void {
  test.skip(testInfo.project.name !== 'build', 'The service worker exists only in the production build.');
}

test('a host without headers: one reload, then isolated, and the page trains with Python', async ({
  page,
}, testInfo) => {
  onlyInBuild(testInfo);
  test.setTimeout(480_000);
  const { url, server } = await plainHost(BUILD_DIR);
  try {
    const seen = watchPage(page);
    const first = await page.goto(`${url}/?preset=tiny`);
    const headers = first?.headers() ?? {};
    expect([headers['cross-origin-opener-policy'], headers['content-security-policy']]).toEqual([undefined, undefined]);
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      'content',
      CONTENT_SECURITY_POLICY,
    );

    // The service worker installs (the whole precache), takes control, and the page reloads once.
    await expect
      .poll(() => page.evaluate(() => crossOriginIsolated).catch(() => false), {
        timeout: 240_000,
        message: 'the page becomes cross-origin isolated',
      })
      .toBe(true);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), ISOLATION_RELOAD_KEY)).toBe('1');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const badge = page.locator('[data-backend]');
    await expect(badge).toHaveAttribute('data-backend', 'wasm', { timeout: 180_000 });
    for (let i = 0; i < 3; i++) {
      await expect(page.locator('[data-action="step"]')).toBeEnabled({ timeout: 240_000 });
      await page.keyboard.press('s');
      await waitForRecords(page, i + 1, 240_000);
    }
    const proxy = (await receivedTrace(page))[2] as { phase: string; results: { toolCalls: number[] }[] };
    expect(proxy.phase).toBe('solver-proxy');
    expect(proxy.results.flatMap((r) => r.toolCalls).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(seen.errors).toEqual([]);
  } finally {
    server.close();
  }
});
