import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { tfjsWasmPthreads } from './config/tfjs-wasm-pthreads.ts';

/** Cross-origin isolation: SharedArrayBuffer (Pyodide interrupts) needs COOP + COEP. */
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [svelte()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  // tfjs's WASM backend runs only in workers: the build's worker bundles and the dev server's
  // pre-bundled dependencies both get the pthread fix (config/tfjs-wasm-pthreads.ts).
  optimizeDeps: { exclude: ['pyodide'], rolldownOptions: { plugins: [tfjsWasmPthreads()] } },
  worker: { format: 'es', plugins: () => [tfjsWasmPthreads()] },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
