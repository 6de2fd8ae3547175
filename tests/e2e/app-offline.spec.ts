/**
 * Offline after the first visit (build only: the dev server has no service worker). One visit
 * precaches the page's own files; what only one view needs (Python, the recordings, the models,
 * font subsets, the tfjs binaries: src/sw-lazy.ts) is kept by the browser's HTTP cache when that
 * view first opens. With the network cut, after a visit of the replay and of the live page, the
 * page reloads cross-origin isolated from the cache, replays the recording, and trains live on the
 * WASM backend: the models, the tfjs binaries and Pyodide all come through the service worker, also
 * for the engine's and the sandbox's workers. A new deployment is announced in the header and
 * taken on request.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page, type Request, test, type TestInfo } from '@playwright/test';
import { BUILD_DIR, CHROMIUM_PATH } from '../../playwright.config';
import { CLOSED_NETWORK_ARGS } from './webgpu-launch';
import { isLazy } from '../../src/sw-lazy';
import { receivedTrace, waitForRecords, watchPage } from './app-checks';

// The other specs block service workers (their routes fake broken files, which a worker would bypass).
test.use({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'allow' });

const SW_FILE = join(BUILD_DIR, 'sw.js');

function onlyInBuild(testInfo: TestInfo): void {
  test.skip(
    testInfo.project.name !== 'build',
    'The service worker exists only in the production build (vite build + vite preview); the dev server runs without one.',
  );
}

/** The URLs of the built service worker's Workbox manifest: what it precaches and what it leaves on demand. */
function fullManifest(): string[] {
  return [...readFileSync(SW_FILE, 'utf8').matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map(
    (m) => `/${m[1]}`,
  );
}

/** The URLs the built service worker precaches (the manifest less the on-demand files). */
function precacheManifest(): string[] {
  return fullManifest().filter((path) => !isLazy(path.slice(1)));
}

/** Paths in the page's Workbox precache, and the COOP/COEP headers of the cached index.html. */
async function precached(page: Page): Promise<{ controlled: boolean; paths: string[]; isolation: (string | null)[] }> {
  return page.evaluate(async () => {
    const controlled = navigator.serviceWorker.controller !== null;
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
    if (!name) return { controlled, paths: [], isolation: [] };
    const cache = await caches.open(name);
    const keys = await cache.keys();
    const index = keys.find((r) => new URL(r.url).pathname === '/index.html');
    const res = index ? await cache.match(index) : undefined;
    return {
      controlled,
      paths: keys.map((r) => new URL(r.url).pathname).sort(),
      isolation: [
        res?.headers.get('Cross-Origin-Opener-Policy') ?? null,
        res?.headers.get('Cross-Origin-Embedder-Policy') ?? null,
      ],
    };
  });
}

/** Wait (polling) until the service worker controls the page with every manifest entry cached. */
async function waitForOfflineCopy(page: Page): Promise<void> {
  const manifest = precacheManifest().sort();
  await expect
    .poll(
      async () => {
        const state = await precached(page);
        return state.controlled && state.paths.length === manifest.length;
      },
      { timeout: 120_000, message: 'the service worker controls the page and holds the whole precache' },
    )
    .toBe(true);
  expect((await precached(page)).paths).toEqual(manifest);
}

/**
 * Requests that reach the (cut) network from now on: failed ones, and answers not from the service
 * worker. Needed as well as setOffline: Chromium's offline emulation does not reach the sandbox's
 * worker (started by the engine's worker), whose Pyodide fetches would quietly use the network.
 */
function watchNetwork(context: BrowserContext): string[] {
  const missed: string[] = [];
  const http = (url: string) => url.startsWith('http');
  // The service worker's own requests are left out: for the files with fixed names it tries the
  // network first and then the HTTP cache (src/sw-lazy.ts); what counts is that the page and its
  // workers get every answer from it.
  const byPage = (r: Request) => http(r.url()) && r.serviceWorker() === null;
  // A request the page itself gives up (a navigation away while a view still loads: net::ERR_ABORTED)
  // never asked the network; every other failure is named with its reason.
  context.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? 'unknown';
    if (byPage(r) && reason !== 'net::ERR_ABORTED') missed.push(`failed (${reason}): ${r.url()}`);
  });
  context.on('response', (r) => {
    if (byPage(r.request()) && !r.fromServiceWorker()) missed.push(`network: ${r.url()}`);
  });
  return missed;
}

test('after one visit the page, the recording and live training work with the network cut', async ({
  baseURL,
}, testInfo) => {
  onlyInBuild(testInfo);
  test.setTimeout(420_000);
  // A browser profile on disk, as a teacher's or a student's: Python, the recordings and the model
  // stay in its HTTP cache (src/sw-lazy.ts), which in a private window (Playwright's default
  // context) is a small one in memory that does not keep Python's 3 MB WebAssembly.
  const profile = mkdtempSync(join(tmpdir(), 'agent0-offline-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS],
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 720 },
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await offlineAfterOneVisit(page, context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function offlineAfterOneVisit(page: Page, context: BrowserContext): Promise<void> {
  const seen = watchPage(page);
  await page.goto('/?mode=replay');
  await waitForOfflineCopy(page);
  const manifest = fullManifest();
  for (const needed of [
    '/index.html',
    '/models/base.a0lm',
    '/models/repair.a0lm',
    '/pyodide/pyodide.asm.wasm',
    '/pyodide/pyodide.asm.mjs',
    '/pyodide/python_stdlib.zip',
    '/pyodide/pyodide-lock.json',
    '/runs/classroom-seed1.json',
    '/runs/coevolution-ablation.json',
    '/runs/repair-ablation.json',
  ]) {
    expect(manifest).toContain(needed);
  }
  for (const pattern of [
    /^\/assets\/tfjs-backend-wasm-threaded-simd-[\w-]+\.wasm$/,
    /^\/assets\/worker-[\w-]+\.js$/,
    /^\/assets\/browser\.worker-[\w-]+\.js$/,
    /^\/assets\/noto-sans-kr-[\w-]+\.woff2$/,
    /^\/assets\/KaTeX_Main-Regular-[\w-]+\.woff2$/,
  ]) {
    expect(
      manifest.some((p) => pattern.test(p)),
      String(pattern),
    ).toBe(true);
  }
  // Workbox keeps whole responses: the page it will answer navigations with is cross-origin isolated.
  expect((await precached(page)).isolation).toEqual(['same-origin', 'require-corp']);
  // Python and the model are not precached: the first visit of the replay page leaves them alone.
  expect((await precached(page)).paths.filter((p) => /^\/(pyodide|runs|models)\//.test(p))).toEqual([]);
  // The Korean font, once shown (a Korean page), is kept too.
  await page.evaluate(() => document.fonts.load('700 16px "Noto Sans KR"', '한국어'));

  // A visit of the live page while online: Python, the model and the tfjs binary are fetched then.
  const fetched = new Set<string>();
  context.on('requestfinished', (r) => fetched.add(new URL(r.url()).pathname));
  await page.goto('/?preset=tiny');
  const live = [
    '/pyodide/pyodide.asm.wasm',
    '/pyodide/python_stdlib.zip',
    '/pyodide/pyodide-lock.json',
    '/models/base.a0lm',
  ];
  await expect
    .poll(() => live.filter((p) => !fetched.has(p)), {
      timeout: 180_000,
      message: 'the live page fetched Python and the model',
    })
    .toEqual([]);
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 150_000 });
  await page.goto('/?mode=replay');

  await context.setOffline(true);
  // The network is really cut: a request nothing has cached cannot be answered. (navigator.onLine
  // is not read: Debian's Chromium 156 keeps it true under Playwright's setOffline.)
  const probe = () =>
    fetch(`/offline-probe-${Date.now()}`, { cache: 'no-store' }).then(
      () => 'reached',
      () => 'cut',
    );
  expect(await page.evaluate(probe)).toBe('cut');
  const missed = watchNetwork(context);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(await reloaded?.headerValue('cross-origin-embedder-policy')).toBe('require-corp');
  expect(await page.evaluate(() => self.crossOriginIsolated && typeof SharedArrayBuffer === 'function')).toBe(true);

  // The recording replays; the repair chapter's recording and the fonts load from the cache too.
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', /^recorded · /, { timeout: 60_000 });
  for (let i = 0; i < 3; i++) {
    await expect(page.locator('[data-action="step"]')).toBeEnabled();
    await page.keyboard.press('s');
    await waitForRecords(page, i + 1, 30_000);
  }
  await expect(page.locator('#ch-repair [data-view]').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#ch-repair [role="alert"]')).toHaveCount(0);
  const fonts = await page.evaluate(async () => {
    const korean = await document.fonts.load('700 16px "Noto Sans KR"', '한국어');
    const tex = await document.fonts.load('16px KaTeX_Main', 'x');
    return [korean.length, tex.length];
  });
  expect(fonts[0]).toBeGreaterThan(0);
  expect(fonts[1]).toBeGreaterThan(0);

  // Live training, still offline: the engine worker fetches the model and the tfjs WASM binary, its
  // sandbox worker loads Pyodide; all from the cache. The third phase runs the solver's Python tool.
  await page.goto('/?preset=tiny');
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', 'wasm', { timeout: 150_000 });
  for (let i = 0; i < 3; i++) {
    await page.locator('[data-action="step"]').click();
    await waitForRecords(page, i + 1, 180_000);
  }
  const proxy = (await receivedTrace(page)).find((r) => r.phase === 'solver-proxy');
  if (proxy?.phase !== 'solver-proxy') throw new Error('the third live phase was not the solver proxy');
  expect(proxy.results.reduce((n, r) => n + r.toolCalls.reduce((a, b) => a + b, 0), 0)).toBeGreaterThan(0);
  expect(proxy.results.reduce((n, r) => n + r.failedCalls, 0)).toBe(0);

  // The probe's own failure may be reported after the watch began (events arrive asynchronously):
  // it is the one failure expected.
  expect(missed.filter((m) => !m.includes('/offline-probe-'))).toEqual([]);
  // The probe's own failed request is the one console error allowed.
  const probeError = seen.errors.indexOf('Failed to load resource: net::ERR_FAILED');
  expect(probeError).toBeGreaterThanOrEqual(0);
  expect(seen.errors.filter((_, i) => i !== probeError)).toEqual([]);
  expect(seen.external).toEqual([]);
}

test('after the first visit, an embed address served by the service worker may still be framed, and no other', async ({
  page,
}, testInfo) => {
  onlyInBuild(testInfo);
  test.setTimeout(240_000);
  await page.goto('/?mode=replay');
  await waitForOfflineCopy(page);
  // The worker answers every navigation with the cached index.html, whose headers were those of
  // /index.html: the framing rule must still follow the address asked for (config/csp.ts).
  const policy = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker()).toBe(true);
    return (await response?.headerValue('content-security-policy')) ?? '';
  };
  expect(await policy('/?mode=replay&embed=reward')).toContain('frame-ancestors *');
  expect(await policy('/?mode=replay')).toContain("frame-ancestors 'none'");
});

test('a new deployment is announced in the header and taken on request', async ({ page }, testInfo) => {
  onlyInBuild(testInfo);
  test.setTimeout(240_000);
  const seen = watchPage(page);
  await page.goto('/?mode=replay');
  await waitForOfflineCopy(page);
  // A later visit: the page loads under the service worker, which checks for a new version.
  await page.reload();
  await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', /^recorded · /, { timeout: 60_000 });
  await expect(page.locator('[data-testid="update-ready"]')).toHaveCount(0);

  const original = readFileSync(SW_FILE, 'utf8');
  try {
    // A new deployment: a service worker script that differs by a byte is a new version.
    writeFileSync(SW_FILE, `${original}\n// deployment ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.locator('[data-testid="update-ready"]')).toHaveText('Agent0 Lab has been updated.', {
      timeout: 120_000,
    });
    const reload = page.locator('[data-action="update-reload"]');
    await expect(reload).toHaveText('Reload to use the new version');

    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    const loaded = page.waitForEvent('load');
    await reload.click();
    await loaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { controlled: navigator.serviceWorker.controller !== null, waiting: registration?.waiting != null };
        }),
      )
      .toEqual({ controlled: true, waiting: false });
    await expect(page.locator('[data-backend]')).toHaveAttribute('data-backend', /^recorded · /, { timeout: 60_000 });
    await expect(page.locator('[data-testid="update-ready"]')).toHaveCount(0);
  } finally {
    writeFileSync(SW_FILE, original);
  }
  expect(seen.errors).toEqual([]);
  expect(seen.external).toEqual([]);
});
