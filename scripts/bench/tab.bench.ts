/**
 * Tab section of `npm run bench` (`npm run bench -- tab`): classroom iterations of seed 1 in the
 * production build, in Debian's Chromium, set beside the Node iterations of the same seed measured
 * in the same run (engine.bench.ts `nodeIterations`, each time in a fresh process: once before the
 * browser opens and once after it has closed; each Node figure is the mean of the two,
 * tab-breakdown.ts `meanNodeRun`, so that a machine whose speed drifts while the tab runs moves
 * both sides of the ratio).
 *
 * The build (`vite build` into dist-bench/, made again only when a source is newer) is served by
 * `vite preview` (the COOP/COEP headers of vite.config.ts) on `BENCH_TAB_PORT` (default 5179). The
 * page is opened the way a visitor opens it, with the bench's flag set before its scripts run
 * (src/ui/state/bench-meter.ts): its own "Run iteration" button is pressed `BENCH_TAB_ITERATIONS`
 * times (default 2; the first also evaluates the baseline; Python started while the page loaded,
 * before the button was enabled: `readySeconds`), and each iteration is cut into phases with the
 * page's and the worker's meters (tab-breakdown.ts). WASM always; WebGPU only where the browser
 * offers a real adapter (a fallback one is SwiftShader, whose timings say nothing about a GPU: the
 * section then says which it found instead of timing it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { build, preview } from 'vite';
import type { PageEntry } from '../../src/ui/state/bench-meter';
import { CLOSED_NETWORK_ARGS } from '../../tests/e2e/webgpu-launch';
import type { NodeRun } from './engine.bench';
import { browserThreadCpu, cpuBetween, type ThreadCpu } from './browser-threads';
import { compareIteration, formatRows, meanNodeRun, type TabIteration, tabIteration } from './tab-breakdown';

export const name = 'tab';
/** A build (when the sources changed), two iterations in the tab and twice two in Node (before and after it). */
export const boundSeconds = 900;

const PORT = Number(process.env.BENCH_TAB_PORT ?? 5179);
const ITERATIONS = Number(process.env.BENCH_TAB_ITERATIONS ?? 2);
export const OUT_DIR = 'dist-bench';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Whether the threads' CPU can be read (Linux's /proc). */
const PROC = existsSync('/proc/self/task');
/** What the build is made of: newer than its index.html, it is built again. */
const SOURCES = ['src', 'public', 'config', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** `nodeIterations(count, seed)` in a fresh process (node-iterations-child.ts), so that it is as cold as the tab. */
function freshNodeRun(count: number, seed: number): NodeRun {
  const child = join(dirname(fileURLToPath(import.meta.url)), 'node-iterations-child.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, String(count), String(seed)], {
    encoding: 'utf8',
    timeout: 300_000,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = r.stdout?.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`the Node iterations failed (exit ${r.status})`);
  return JSON.parse(line) as NodeRun;
}

/** Newest modification time under `path` (a file or a folder, recursively), in ms. */
function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, f) => Math.max(m, newestMtime(join(path, f))), st.mtimeMs);
}

/** Builds into OUT_DIR unless the build there is newer than every source; says which. */
export async function ensureBuild(): Promise<string> {
  const built = join(OUT_DIR, 'index.html');
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(...SOURCES.map(newestMtime)))
    return `reused ${OUT_DIR}/ (newer than its sources)`;
  const t0 = performance.now();
  await build({ build: { outDir: OUT_DIR, emptyOutDir: true }, logLevel: 'error' });
  return `built ${OUT_DIR}/ in ${((performance.now() - t0) / 1000).toFixed(0)} s`;
}

/** Whether this browser offers a real WebGPU adapter; if not, what it found instead. */
async function realAdapter(origin: string): Promise<{ real: boolean; found: string }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--enable-unsafe-webgpu', ...CLOSED_NETWORK_ARGS],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/manifest.webmanifest`);
    return await page.evaluate(async () => {
      const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
      if (!gpu) return { real: false, found: 'no navigator.gpu' };
      const adapter = (await gpu.requestAdapter()) as {
        isFallbackAdapter?: boolean;
        info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
      } | null;
      if (!adapter) return { real: false, found: 'no adapter' };
      const info = adapter.info ?? {};
      const named = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ');
      const fallback =
        adapter.isFallbackAdapter === true || info.isFallbackAdapter === true || /swiftshader/i.test(named);
      return { real: !fallback, found: fallback ? `a fallback adapter only (${named})` : named };
    });
  } finally {
    await browser.close();
  }
}

/** What one page did: its start and its iterations. */
interface TabRun {
  backend: string;
  threads: string | null;
  /** The WASM build the page loaded (src/model/backend/wasm-threads.ts), null on WebGPU. */
  binary: string | null;
  readySeconds: number;
  iterations: TabIteration[];
  /** Per iteration, the CPU seconds of the browser's threads by kind from the click to idle
   *  (browser-threads.ts); null where there is no /proc. */
  threadCpu: (ThreadCpu | null)[];
}

/** Opens the built page on `backend` with the bench's flag and runs ITERATIONS live iterations. */
async function liveIterations(
  browser: Browser,
  origin: string,
  backend: 'wasm' | 'webgpu',
  onIteration: (run: TabRun) => void,
): Promise<TabRun> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(() => {
    window.__agent0BenchWanted = true;
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const t0 = performance.now();
    await page.goto(`${origin}/?preset=classroom&seed=1&backend=${backend}`);
    const button = page.locator('[data-action="iteration"]');
    await page.locator('[data-action="iteration"]:enabled').waitFor({ timeout: 0 });
    const badge = page.locator('[data-backend]');
    const run: TabRun = {
      backend: (await badge.getAttribute('data-backend')) ?? '?',
      threads: await badge.getAttribute('data-threads'),
      binary: await badge.getAttribute('data-binary'),
      readySeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
      iterations: [],
      threadCpu: [],
    };
    if (run.backend !== backend) throw new Error(`the page runs ${run.backend}, not ${backend}`);
    for (let i = 0; i < ITERATIONS; i++) {
      const from = await page.evaluate(() => window.__agent0Bench?.length ?? -1);
      if (from < 0) throw new Error('the page has no bench meter (window.__agent0Bench)');
      const cpuBefore = PROC ? browserThreadCpu() : null;
      await button.click();
      await page.waitForFunction(
        (n) => window.__agent0Bench?.slice(n).some((e) => e.type === 'idle' || e.type === 'error'),
        from,
        { timeout: 0, polling: 500 },
      );
      await page.locator('[data-action="iteration"]:enabled').waitFor({ timeout: 0 });
      const entries = (await page.evaluate((n) => window.__agent0Bench?.slice(n) ?? [], from)) as PageEntry[];
      if (entries.some((e) => e.type === 'error') || errors.length > 0)
        throw new Error(
          `the page failed: ${errors.join('; ') || (await page.locator('[data-testid="status"]').innerText())}`,
        );
      run.iterations.push(tabIteration(entries));
      run.threadCpu.push(cpuBefore ? cpuBetween(cpuBefore, browserThreadCpu()) : null);
      onIteration(run);
    }
    return run;
  } finally {
    await page.close();
  }
}

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { preset: 'classroom', seed: 1 };
  out.build = await ensureBuild();
  // Before the server starts: the run blocks this process, and a failure leaves nothing to close.
  process.stderr.write('tab: the iterations in Node, before the tab …\n');
  const nodeBefore: NodeRun = freshNodeRun(ITERATIONS, 1);
  const server = await preview({
    preview: { port: PORT, strictPort: true },
    build: { outDir: OUT_DIR },
    logLevel: 'warn',
  });
  const origin = `http://localhost:${PORT}`;
  const tabs: Partial<Record<'wasm' | 'webgpu', TabRun>> = {};
  try {
    const adapter = await realAdapter(origin);
    out.webgpu = adapter.real ? `real adapter: ${adapter.found}` : `not timed: ${adapter.found}`;
    report(out);
    // The same flags as the end-to-end tests' Chromium; WebGPU only when a real adapter is there.
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...(adapter.real ? ['--enable-unsafe-webgpu'] : ['--disable-gpu']), ...CLOSED_NETWORK_ARGS],
    });
    try {
      for (const backend of adapter.real ? (['wasm', 'webgpu'] as const) : (['wasm'] as const))
        tabs[backend] = await liveIterations(browser, origin, backend, (r) => report({ [`tab-${backend}`]: r }));
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }

  process.stderr.write('tab: the same iterations in Node, after the tab …\n');
  const nodeAfter: NodeRun = freshNodeRun(ITERATIONS, 1);
  const node = meanNodeRun(nodeBefore, nodeAfter);
  const iterationSeconds = (r: NodeRun) =>
    r.iterations.map((phases) => Number((phases.reduce((t, p) => t + p.ms, 0) / 1000).toFixed(2)));
  out.node = {
    backend: node.backend,
    iterationSecondsBefore: iterationSeconds(nodeBefore),
    iterationSecondsAfter: iterationSeconds(nodeAfter),
    sandboxBootSeconds: Number(node.sandboxBootSeconds.toFixed(2)),
    baselineSeconds: Number(node.baselineSeconds.toFixed(2)),
  };
  for (const [backend, tab] of Object.entries(tabs)) {
    const compared = tab.iterations.map((it, i) =>
      compareIteration(it, node.iterations[i] ?? [], node.baselineSeconds * 1000),
    );
    compared.forEach((rows, i) => {
      console.log(
        `\ntab (${backend}${tab.binary ? `, ${tab.binary} build` : ''}, ${tab.threads ?? '?'} thread(s), ready in ${tab.readySeconds} s) beside Node (${node.backend}), iteration ${i + 1}:`,
      );
      console.log(formatRows(rows));
      const cpu = tab.threadCpu[i];
      if (cpu)
        console.log(
          `CPU of the browser's threads, click to idle (s): ${Object.entries(cpu)
            .map(([kind, s]) => `${kind} ${s}`)
            .join(', ')}`,
        );
    });
    out[backend] = {
      threads: tab.threads,
      binary: tab.binary,
      readySeconds: tab.readySeconds,
      iterations: compared.map((rows) => Object.fromEntries(rows.map((r) => [r.phase, r]))),
      threadCpu: tab.threadCpu,
    };
  }
  return out;
}
