/**
 * Browser section of `npm run bench`: the model's speed on WebGPU (SwiftShader), WebGL, WASM and
 * CPU inside Debian's Chromium, driven by Playwright against a Vite dev server started here.
 */
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';

export const name = 'browser';

const PORT = 5178;

export async function run(): Promise<Record<string, unknown>> {
  const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'error' });
  await server.listen();
  const browser = await chromium.launch(WEBGPU_LAUNCH);
  try {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${PORT}/tests/e2e/pages/model-speed.html`);
    await page.waitForFunction(
      () => (window as unknown as { __modelSpeed?: unknown }).__modelSpeed !== undefined,
      undefined,
      { timeout: 900_000 },
    );
    return await page.evaluate(() => (window as unknown as { __modelSpeed: Record<string, unknown> }).__modelSpeed);
  } finally {
    await browser.close();
    await server.close();
  }
}
