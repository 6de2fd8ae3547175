import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './config/csp.ts';
import { pwaOptions } from './config/pwa.ts';
import { tfjsWasmPthreads } from './config/tfjs-wasm-pthreads.ts';
import { precompress } from './config/precompress.ts';

/** Cross-origin isolation: SharedArrayBuffer (Pyodide interrupts) needs COOP + COEP. */
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  // The service worker (build only) precaches the app for offline use; see config/pwa.ts.
  // The Content-Security-Policy: a header on both servers, a <meta> tag in the build (config/csp.ts).
  // Brotli and gzip copies beside every file, for the host to send (config/precompress.ts), last.
  plugins: [svelte(), VitePWA(pwaOptions), contentSecurityPolicy(), precompress()],
  server: { headers: isolationHeaders },
  // No CORS on preview (the page is same-origin): its `Vary: Origin` would hide what the HTTP cache
  // keeps from the service worker's offline lookup, which cannot send an Origin (src/sw.ts).
  preview: { headers: isolationHeaders, cors: false },
  // tfjs's WASM backend runs only in workers: the build's worker bundles and the dev server's
  // pre-bundled dependencies both get the pthread fix (config/tfjs-wasm-pthreads.ts).
  optimizeDeps: { exclude: ['pyodide'], rolldownOptions: { plugins: [tfjsWasmPthreads()] } },
  worker: { format: 'es', plugins: () => [tfjsWasmPthreads()] },
  test: {
    // Every unit test under tests/unit, at the path of what it tests (tests/unit/repo/test-homes.test.ts).
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Model tests run real forward and backward passes; on a loaded 2-core CI machine a 1-second
    // test can take ten times as long, which is not a failure of what it checks.
    testTimeout: 30_000,
  },
});
