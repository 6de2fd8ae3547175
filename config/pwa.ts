/**
 * Offline after the first visit: vite-plugin-pwa generates a Workbox service worker whose manifest
 * lists every file of the build; it precaches the page's own (html, bundles, styles, the formula
 * fonts) and leaves what one view needs (Pyodide, the recordings, the models, the Korean font
 * subsets, the tfjs WASM binaries: src/sw-lazy.ts) to the view that opens, kept then by the HTTP
 * cache, so a classroom with bad Wi-Fi can reload a page it has opened and train live with the
 * network cut.
 *
 * - Cross-origin isolation: the service worker (src/sw.ts) sets COOP/COEP on every same-origin
 *   response it gives, from the precache or the network, so the page and its dedicated workers
 *   (engine, repair, Python sandbox) are `crossOriginIsolated` on any static host, even one that
 *   sends neither header; the page reloads once on its first visit, when it is not yet.
 * - Updates: `prompt` mode. A new deployment installs next to the old one and waits; the header says
 *   so and reloads on request (src/ui/state/app-update.svelte.ts).
 * - Dev: no service worker (the dev server stays as it is).
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Largest file the manifest lists (src/sw-lazy.ts splits it): pyodide.asm.wasm is ~9.6 MB. */
export const MAX_PRECACHED_BYTES = 16 * 1024 * 1024;

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // The page registers the worker itself (virtual:pwa-register), no injected script.
  injectRegister: false,
  // No install prompt / web app manifest: the aim is a page that loads offline, not an installed app.
  manifest: false,
  devOptions: { enabled: false },
  // Our own worker (src/sw.ts): Workbox's precache and navigation fallback, plus the COOP/COEP
  // headers on every same-origin response, so a static host without them still gets an isolated page.
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectManifest: {
    // html, bundles (.js, Pyodide's .mjs), styles, tfjs and Pyodide .wasm, python_stdlib.zip,
    // pyodide-lock.json, recordings (.json), models (.a0lm), the favicon and fonts. Fonts as woff2
    // only: every browser that runs this app picks woff2 before the woff/ttf fallbacks.
    globPatterns: ['**/*.{html,js,mjs,css,wasm,zip,json,a0lm,svg,woff2}'],
    maximumFileSizeToCacheInBytes: MAX_PRECACHED_BYTES,
  },
};
