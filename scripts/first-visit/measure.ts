/**
 * What a device downloads and keeps on its first visit to a page of the production build, served
 * the way README's "Deploying" says (serve.ts), and again on a second visit of the same address
 * (the page loaded once more, by the same browser profile). Each visit opens the address in
 * Chromium and stays until the page has stopped fetching (no response for `QUIET_MS`, the service
 * worker in control), then closes the browser, and counts
 * - wire: every header and body byte the server sent during the visit (serve.ts counts them): the
 *   page's, its workers' and the service worker's requests alike;
 * - stored, after the visit: the origin's storage as the browser reports it
 *   (`navigator.storage.estimate()`: Cache Storage, IndexedDB, the service worker's script), plus
 *   the HTTP cache, the profile's `Cache` folder on disk once the browser has closed;
 * - cacheStorage: the bodies held in Cache Storage, summed (the service worker's copies).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CLOSED_NETWORK_ARGS } from '../../tests/e2e/webgpu-launch';
import { serveBuild, type WireCount } from './serve';

/** The page has stopped fetching when the server has sent nothing for this long. */
export const QUIET_MS = 10_000;
/** The budgets of issue 62 for a first visit (README, Deploying). */
export const WIRE_BUDGET_BYTES = 15_000_000;
export const STORED_BUDGET_BYTES = 25_000_000;

export interface Visit {
  wireBytes: number;
  requests: number;
  storedBytes: number;
  originBytes: number;
  httpCacheBytes: number;
  cacheStorageBytes: number;
}

export interface FirstVisit {
  address: string;
  first: Visit;
  second: Visit;
  /** The largest bodies sent on the first visit, path → bytes. */
  largest: [string, number][];
}

/** Size of every file under `dir` (0 when it does not exist). */
function folderBytes(dir: string): number {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  let n = 0;
  for (const e of entries) {
    const st = statSync(join(dir, e));
    n += st.isDirectory() ? folderBytes(join(dir, e)) : st.size;
  }
  return n;
}

/** One visit of `url` in the browser profile `profile`, until the page has stopped fetching. */
async function visit(profile: string, url: string, wire: WireCount, maxMs: number): Promise<Visit> {
  const before = { bytes: wire.bytes, requests: wire.requests };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS],
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 720 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    const deadline = performance.now() + maxMs;
    for (;;) {
      await page.waitForTimeout(500);
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      if (controlled && wire.inFlight === 0 && performance.now() - wire.lastActivity >= QUIET_MS) break;
      if (performance.now() > deadline) throw new Error(`${url}: still fetching after ${maxMs} ms`);
    }
    const origin = await page.evaluate(async () => {
      let bodies = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const res = await cache.match(request);
          if (res) bodies += (await res.arrayBuffer()).byteLength;
        }
      }
      return { usage: (await navigator.storage.estimate()).usage ?? 0, bodies };
    });
    await context.close();
    const httpCacheBytes = folderBytes(join(profile, 'Default', 'Cache'));
    return {
      wireBytes: wire.bytes - before.bytes,
      requests: wire.requests - before.requests,
      storedBytes: origin.usage + httpCacheBytes,
      originBytes: origin.usage,
      httpCacheBytes,
      cacheStorageBytes: origin.bodies,
    };
  } finally {
    await context.close();
  }
}

/** Two visits of `address` (path and query, e.g. `/?mode=replay`) in one fresh profile, over the build in `root`. */
export async function measureFirstVisit(root: string, address: string, maxMs = 240_000): Promise<FirstVisit> {
  const { url, server, wire } = await serveBuild(root);
  const profile = mkdtempSync(join(tmpdir(), 'agent0-first-visit-'));
  try {
    const first = await visit(profile, url + address, wire, maxMs);
    const largest = [...wire.byPath].sort((a, b) => b[1] - a[1]).slice(0, 8);
    const second = await visit(profile, url + address, wire, maxMs);
    return { address, first, second, largest };
  } finally {
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;

/** Lines for a person: each visit's MB over the wire and stored, with the parts. */
export function describeFirstVisit(v: FirstVisit): string {
  const line = (name: string, x: Visit) =>
    `${v.address} ${name}: ${mb(x.wireBytes)} over the wire (${x.requests} requests), ${mb(x.storedBytes)} stored ` +
    `(origin storage ${mb(x.originBytes)}, of it Cache Storage bodies ${mb(x.cacheStorageBytes)}; HTTP cache ${mb(x.httpCacheBytes)})`;
  return `${line('first visit', v.first)}\n${line('second visit', v.second)}`;
}
