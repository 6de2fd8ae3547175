/**
 * The browser bench sections' driver (browser.bench.ts, browser-swiftshader.bench.ts): Debian's
 * Chromium with WebGPU and WebGL on SwiftShader, against a Vite dev server started here (port
 * `BENCH_PORT`, default 5178), opening the harness page tests/e2e/pages/model-speed.html.
 */
import { type Browser, chromium } from '@playwright/test';
import { createServer } from 'vite';
import { WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';

const PORT = Number(process.env.BENCH_PORT ?? 5178);

/** Opens the harness page with `query` in a fresh page; `cores`: the logical cores it reports. */
export type SpeedPage = (query: string, cores?: number) => Promise<Record<string, unknown>>;

/** Runs `use` with the page driver, the server and the browser started, and stops both after. */
export async function withSpeedPage<T>(use: (speed: SpeedPage) => Promise<T>): Promise<T> {
  const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'error' });
  await server.listen();
  let browser: Browser | null = null;
  try {
    const b = (browser = await chromium.launch(WEBGPU_LAUNCH));
    return await use(async (query, cores) => {
      const page = await b.newPage();
      // tfjs sizes its thread pool from navigator.hardwareConcurrency (half of it, 1…8), so on a
      // 2-core machine the pool has one thread whatever setThreadsCount asks: report more cores.
      if (cores !== undefined)
        await page.addInitScript(
          (n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }),
          cores,
        );
      try {
        // The harness measures in its module's top-level await, which holds the load event back.
        await page.goto(`http://localhost:${PORT}/tests/e2e/pages/model-speed.html${query}`, { waitUntil: 'commit' });
        await page.waitForFunction(
          () => (window as unknown as { __modelSpeed?: unknown }).__modelSpeed !== undefined,
          undefined,
          { timeout: 0 },
        );
        return await page.evaluate(() => (window as unknown as { __modelSpeed: Record<string, unknown> }).__modelSpeed);
      } finally {
        await page.close();
      }
    });
  } finally {
    await browser?.close();
    await server.close();
  }
}
