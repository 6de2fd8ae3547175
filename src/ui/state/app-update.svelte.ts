/**
 * The service worker that keeps the page usable offline (config/pwa.ts), as the page sees it: it is
 * registered once at start, and when a new deployment has been downloaded and waits, `needRefresh`
 * turns true so the header can offer a reload. In the dev server the registration is a no-op.
 */
export class AppUpdate {
  /** A new version is downloaded and waits for a reload. */
  needRefresh = $state(false);
  #activate: ((reloadPage?: boolean) => Promise<void>) | null = null;

  /** Register the service worker (vite-plugin-pwa's registration, loaded after the page). */
  async start(): Promise<void> {
    const { registerSW } = await import('virtual:pwa-register');
    this.#activate = registerSW({
      immediate: true,
      onNeedRefresh: () => {
        this.needRefresh = true;
      },
      // The page reloads itself when the new version takes control (reload() below), also when the
      // first visit's worker was still installing as this page loaded, where vite-plugin-pwa would not.
      onNeedReload: () => {},
      onRegisterError: (error: unknown) => console.warn('Agent0 Lab: the offline copy could not be set up:', error),
    });
  }

  /** Let the waiting version take over, and reload the page once it controls the page. */
  async reload(): Promise<void> {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    await this.#activate?.(true);
  }
}
