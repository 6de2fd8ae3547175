/**
 * The service worker (config/pwa.ts builds it with vite-plugin-pwa's injectManifest): the offline
 * copy of the app, and cross-origin isolation on any static host.
 *
 * - Offline: Workbox precaches every file the page needs (`self.__WB_MANIFEST`, filled in at build),
 *   answers every navigation with the cached index.html, and drops the caches of older versions.
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

declare const self: {
  __WB_MANIFEST: ({ url: string; revision: string | null } | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

addPlugins([{ handlerWillRespond: async ({ response }) => withIsolation(response, self.location.origin) }]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every navigation (any query string: ?mode=replay, ?preset=tiny…) gets the cached index.html, with
// the framing rule of the address asked for (only ?embed= may be framed: config/csp.ts).
const appShell = createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute(async (options) => withFramingRule(await appShell(options), options.url.href)));
// Same-origin GET requests outside the precache go to the network, and come back isolated too.
setDefaultHandler(async ({ request }) => withIsolation(await fetch(request), self.location.origin));
// The first visit's page is controlled as soon as the precache is complete.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
