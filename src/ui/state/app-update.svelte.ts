/**
 * The service worker that keeps the page usable offline (config/pwa.ts), as the page sees it: it is
 * registered once at start, and when a new deployment has been downloaded and waits, `needRefresh`
 * turns true so the header can offer a reload. In the dev server the registration is a no-op.
 *
 * On a static host that sends no COOP/COEP headers, the first visit's page is not cross-origin
 * isolated: the service worker adds the headers (src/sw.ts) only to what it serves, so the page
 * reloads once when the worker takes control (`isolateByReload`).
 */
import { updateWaits } from '../lib/update-waits';

/** Session key: the page has already reloaded once to become isolated (never a second time). */
export const ISOLATION_RELOAD_KEY = 'agent0-lab-isolation-reload';

/**
 * Reload once if this page is not cross-origin isolated and a service worker controls it (or is
 * about to): the reloaded page is served by the worker, with the isolation headers. Once per tab
 * session, so a host or browser where isolation cannot work never loops.
 */
export function isolateByReload(): void {
  if (typeof crossOriginIsolated === 'undefined' || crossOriginIsolated || !('serviceWorker' in navigator)) return;
  if (sessionStorage.getItem(ISOLATION_RELOAD_KEY) !== null) return;
  const reload = () => {
    sessionStorage.setItem(ISOLATION_RELOAD_KEY, '1');
    location.reload();
  };
  if (navigator.serviceWorker.controller) reload();
  else navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
}
/**
 * Once a service worker controls the page, tell it what the page fetched before (on a first visit:
 * the font subsets its text needed), so that it keeps those it keeps on demand (src/sw-lazy.ts).
 */
export function keepWhatLoaded(): void {
  if (!('serviceWorker' in navigator)) return;
  const send = () =>
    navigator.serviceWorker.controller?.postMessage({
      type: 'KEEP_LOADED',
      urls: performance.getEntriesByType('resource').map((e) => e.name),
    });
  if (navigator.serviceWorker.controller) send();
  else navigator.serviceWorker.addEventListener('controllerchange', send, { once: true });
}
export class AppUpdate {
  /** A new version is downloaded and waits for a reload. */
  needRefresh = $state(false);
  #activate: ((reloadPage?: boolean) => Promise<void>) | null = null;

  /** Register the service worker (vite-plugin-pwa's registration, loaded after the page). */
  async start(): Promise<void> {
    const { registerSW } = await import('virtual:pwa-register');
    this.#activate = registerSW({
      immediate: true,
      onNeedRefresh: () => void this.#announceIfUpdate(),
      // The page reloads itself when the new version takes control (reload() below), also when the
      // first visit's worker was still installing as this page loaded, where vite-plugin-pwa would not.
      onNeedReload: () => {},
      onRegisterError: (error: unknown) => console.warn('Agent0 Lab: the offline copy could not be set up:', error),
      onRegisteredSW: () => {
        isolateByReload();
        keepWhatLoaded();
      },
    });
  }

  async #announceIfUpdate(): Promise<void> {
    if (updateWaits(await navigator.serviceWorker.getRegistration())) this.needRefresh = true;
  }

  /** Let the waiting version take over, and reload the page once it controls the page. */
  async reload(): Promise<void> {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    await this.#activate?.(true);
  }
}
