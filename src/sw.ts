/**
 * The service worker (config/pwa.ts builds it with vite-plugin-pwa's injectManifest): the offline
 * copy of the app, and cross-origin isolation on any static host.
 *
 * - Offline: Workbox precaches the page's own files (`self.__WB_MANIFEST`, filled in at build),
 *   answers every navigation with the cached index.html, and drops the caches of older versions.
 *   What only one view or one browser needs (Python, the recordings, the models, font subsets, the
 *   tfjs binaries: sw-lazy.ts) is fetched when asked for and kept by the browser's HTTP cache, which
 *   answers offline; a first visit stores what it used.
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
import { type ManifestEntry, splitManifest } from './sw-lazy';

declare const self: {
  __WB_MANIFEST: ManifestEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

addPlugins([{ handlerWillRespond: async ({ response }) => withIsolation(response, self.location.origin) }]);
const manifest = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(manifest.precache);
cleanupOutdatedCaches();
// Every navigation (any query string: ?mode=replay, ?preset=tiny…) gets the cached index.html, with
// the framing rule of the address asked for (only ?embed= may be framed: config/csp.ts).
const appShell = createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute(async (options) => withFramingRule(await appShell(options), options.url.href)));
// Same-origin GET requests outside the precache (the on-demand files of sw-lazy.ts) go to the network
// through the browser's HTTP cache, and come back isolated too. With the network down, whatever that
// cache holds answers, fresh or not: what an earlier visit fetched, before this worker took over too.
setDefaultHandler(async ({ request }) =>
  withIsolation(
    await fetch(request).catch(() => fetch(request.url, { cache: 'only-if-cached', mode: 'same-origin' })),
    self.location.origin,
  ),
);
// The first visit's page is controlled as soon as the precache is complete.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
