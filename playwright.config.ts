/**
 * End-to-end tests: Chromium (the system build at /usr/bin/chromium, headless) against the Vite
 * dev server on a fixed port. Harness pages live in tests/e2e/pages/ and import from /src/.
 * Every host name except localhost resolves to nothing, so no test can reach the network.
 */
import { defineConfig } from '@playwright/test';
import { CLOSED_NETWORK_ARGS } from './tests/e2e/webgpu-launch';

/** Port of the dev server the tests start (not the app's usual 5173, so both can run). */
export const E2E_PORT = 5174;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-gpu', ...CLOSED_NETWORK_ARGS],
    },
  },
  webServer: {
    command: `npx vite --port ${E2E_PORT} --strictPort`,
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
