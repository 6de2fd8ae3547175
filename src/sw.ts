/**
 * The service worker (config/pwa.ts builds it with vite-plugin-pwa's injectManifest): the offline
 * copy of the app, and cross-origin isolation on any static host.
 *
 * - Offline: Workbox precaches the page's own files (`self.__WB_MANIFEST`, filled in at build),
 *   answers every navigation with the cached index.html, and drops the caches of older versions.
 *   What only one view or one browser needs (Python, the recordings, the models, font subsets, the
 *   tfjs binaries: sw-lazy.ts) is fetched when asked for and kept then (font subsets and binaries
 *   here, the rest by the browser's HTTP cache, which answers offline); a first visit stores what
 *   it used.
 *   A new version waits until the page asks it to take over (SKIP_WAITING, app-update.svelte.ts).
 * - Isolation: threads and SharedArrayBuffer (stopping a runaway Python program without killing its
 *   worker) need the page and its workers served with COOP `same-origin` and COEP `require-corp`. A
 *   host that does not send them still gets them here: every same-origin response this worker gives
 *   carries both headers, whether it comes from the precache or from the network. On the first
 *   visit the page loads before this worker controls it, so it reloads once (app-update.svelte.ts).
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setDefaultHandler } from 'workbox-routing';
import { withFramingRule } from '../config/csp';
import { withIsolation } from './sw-isolation';
import { type ManifestEntry, ON_DEMAND_CACHE, hashedOnDemand, splitManifest } from './sw-lazy';

declare const self: {
  __WB_MANIFEST: ManifestEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
};

addPlugins([{ handlerWillRespond: async ({ response }) => withIsolation(response, self.location.origin) }]);
const manifest = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(manifest.precache);
cleanupOutdatedCaches();
// On-demand files with hashed names (sw-lazy.ts): from Cache Storage once kept, else fetched and kept.
const hashed = hashedOnDemand(manifest.lazy, self.location.href);
registerRoute(
  ({ url }) => hashed.has(url.origin + url.pathname),
  async ({ request }) => keepHashed(request),
);
/** A hashed on-demand file from Cache Storage, or fetched (the HTTP cache when offline) and kept. */
async function keepHashed(request: Request): Promise<Response> {
  const cache = await caches.open(ON_DEMAND_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = withIsolation(await fetchOrHttpCache(request), self.location.origin);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}
/** The network, else (offline) whatever the browser's HTTP cache holds for the URL, fresh or not. */
function fetchOrHttpCache(request: Request): Promise<Response> {
  return fetch(request).catch(() => fetch(request.url, { cache: 'only-if-cached', mode: 'same-origin' }));
}
// A new version drops the kept files its manifest no longer names.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(ON_DEMAND_CACHE).then(async (cache) => {
      const stale = (await cache.keys()).filter((r) => !hashed.has(r.url));
      await Promise.all(stale.map((r) => cache.delete(r)));
    }),
  );
});
// Every navigation (any query string: ?mode=replay, ?preset=tiny…) gets the cached index.html, with
// the framing rule of the address asked for (only ?embed= may be framed: config/csp.ts).
const appShell = createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute(async (options) => withFramingRule(await appShell(options), options.url.href)));
// Other same-origin GET requests (the on-demand files with fixed names, sw-lazy.ts) go to the network
// through the browser's HTTP cache, and come back isolated too. With the network down, whatever that
// cache holds answers, fresh or not: what an earlier visit fetched, before this worker took over too.
setDefaultHandler(async ({ request }) => withIsolation(await fetchOrHttpCache(request), self.location.origin));
// The first visit's page is controlled as soon as the precache is complete.
clientsClaim();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // What the page fetched before this worker controlled it (its font subsets): kept as if asked now.
  if (data?.type === 'KEEP_LOADED' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && hashed.has(u));
    (event as MessageEvent & { waitUntil(p: Promise<unknown>): void }).waitUntil(
      Promise.all(urls.map((u) => keepHashed(new Request(u)).catch(() => null))),
    );
  }
});
