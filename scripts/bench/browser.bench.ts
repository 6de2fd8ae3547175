/**
 * Browser section of `npm run bench`: the model's speed on WebGPU (SwiftShader), WebGL, WASM and
 * CPU inside Debian's Chromium, driven by Playwright against a Vite dev server started here (port
 * `BENCH_PORT`, default 5178). The page is cross-origin isolated, so WASM runs tfjs's threaded SIMD
 * build: the section names the build and its threads, and times WASM again asking for 1 and for
 * 2 threads (`wasmThreads`), each in a fresh page (the pool is fixed when WASM starts) that reports
 * twice as many logical cores as threads wanted. Each entry's `wasmThreads` is the count tfjs
 * reports it runs: in Debian's Chromium on a 2-core machine it stayed 1 even when 2 were asked.
 */
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';

export const name = 'browser';

const PORT = Number(process.env.BENCH_PORT ?? 5178);

export async function run(): Promise<Record<string, unknown>> {
  const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'error' });
  await server.listen();
  const browser = await chromium.launch(WEBGPU_LAUNCH);
  const speed = async (query: string, cores?: number): Promise<Record<string, unknown>> => {
    const page = await browser.newPage();
    // tfjs sizes its thread pool from navigator.hardwareConcurrency (half of it, 1…8), so on a
    // 2-core machine the pool has one thread whatever setThreadsCount asks: report more cores.
    if (cores !== undefined)
      await page.addInitScript(
        (n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }),
        cores,
      );
    try {
      await page.goto(`http://localhost:${PORT}/tests/e2e/pages/model-speed.html${query}`);
      await page.waitForFunction(
        () => (window as unknown as { __modelSpeed?: unknown }).__modelSpeed !== undefined,
        undefined,
        { timeout: 900_000 },
      );
      return await page.evaluate(() => (window as unknown as { __modelSpeed: Record<string, unknown> }).__modelSpeed);
    } finally {
      await page.close();
    }
  };
  try {
    const all = await speed(
      process.env.BENCH_BROWSER_BACKENDS ? `?backends=${process.env.BENCH_BROWSER_BACKENDS}` : '',
    );
    const wasmThreads: Record<string, unknown> = {};
    for (const n of [1, 2]) wasmThreads[n] = (await speed(`?backends=wasm&threads=${n}`, 2 * n)).wasm;
    return { ...all, wasmThreads };
  } finally {
    await browser.close();
    await server.close();
  }
}
