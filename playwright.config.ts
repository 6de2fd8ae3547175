/**
 * End-to-end tests: Chromium (the system build at /usr/bin/chromium, headless) against the app as
 * developers run it and as users get it:
 * - `build`: `vite build` + `vite preview` (minified bundles, hashed assets, the same COOP/COEP
 *   headers), what users get: every spec that opens the app itself (`build-first`: the same, for the
 *   one spec that should start first; see FIRST_SPECS). The dev server alone once hid a
 *   build whose WASM backend could not start. With E2E_DIST set (npm test), the build in that
 *   folder is served as it is, the one the Firefox spec tests too.
 * - `dev`: the Vite dev server, what `npm start` serves: the harness pages in tests/e2e/pages/ that
 *   import from /src/ (the build does not contain them), and the specs that show the dev server's
 *   own paths work: the engine's worker starts on threaded WASM from the pre-bundled tfjs (with the
 *   pthread fix) and trains a phase with the Python sandbox's worker, a failed start is said, and
 *   the recorded run fills every view. The other app specs test the page's behaviour, which is the
 *   same source on both servers; they run once, on the build.
 * Every host name except localhost resolves to nothing, so no test can reach the network.
 * The build's service worker (offline copy) is blocked except in app-offline.spec.ts: it would answer
 * requests from its cache before the routes that other specs use to fake missing or broken files.
 */
import { defineConfig } from '@playwright/test';
import { CLOSED_NETWORK_ARGS } from './tests/e2e/webgpu-launch';

/** Ports of the servers the tests start (not the app's usual 5173, so both can run); set
 *  E2E_PORT / E2E_BUILD_PORT to run two suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5174);
export const E2E_BUILD_PORT = Number(process.env.E2E_BUILD_PORT ?? 5175);
/** Where the build under test is written (one folder per build port, so parallel suites do not clash). */
export const BUILD_DIR = E2E_BUILD_PORT === 5175 ? 'dist-e2e' : `dist-e2e-${E2E_BUILD_PORT}`;
/** A build made beforehand (`npm test` builds once for this and the Firefox spec): served as it is. */
const PREBUILT = process.env.E2E_DIST;
/** Debian's Chromium, or the browser CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Specs that open the app's own page: they run against the build. */
const APP_SPECS = /(app|repair)-[\w-]+\.spec\.ts$/;
/** Specs that open the harness pages (every spec file whose name does not start with app- or repair-). */
const HARNESS_SPECS = /(^|[\\/])(?!app-|repair-)[\w-]+\.spec\.ts$/;
/** App specs that run on the dev server too (its own paths; see above). */
const DEV_APP_SPECS = /app-(start|replay)\.spec\.ts$/;
/**
 * The longest spec (a live run on WebGPU through SwiftShader, about 2.5 minutes): a project of its
 * own, listed first so that a worker starts it first. In `build` it came last (its own launch
 * options put it after every spec with the default ones), and with two workers it then ran alone
 * for its last two minutes.
 */
const FIRST_SPECS = /app-webgpu\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: E2E_PORT === 5174 ? 'test-results' : `test-results-${E2E_PORT}`,
  // One spec file at a time unless E2E_WORKERS says more (`npm test` runs two: scripts/test/run-stages.mjs).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS],
    },
  },
  projects: [
    { name: 'build-first', testMatch: FIRST_SPECS, use: { baseURL: `http://localhost:${E2E_BUILD_PORT}` } },
    { name: 'dev', testMatch: [HARNESS_SPECS, DEV_APP_SPECS], use: { baseURL: `http://localhost:${E2E_PORT}` } },
    {
      name: 'build',
      testMatch: APP_SPECS,
      testIgnore: FIRST_SPECS,
      use: { baseURL: `http://localhost:${E2E_BUILD_PORT}` },
    },
  ],
  webServer: [
    {
      command: `npx vite --port ${E2E_PORT} --strictPort`,
      url: `http://localhost:${E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: PREBUILT
        ? `npx vite preview --outDir ${PREBUILT} --port ${E2E_BUILD_PORT} --strictPort`
        : `npx vite build --outDir ${BUILD_DIR} --emptyOutDir --logLevel warn && npx vite preview --outDir ${BUILD_DIR} --port ${E2E_BUILD_PORT} --strictPort`,
      url: `http://localhost:${E2E_BUILD_PORT}/`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
});
