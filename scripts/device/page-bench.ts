/**
 * The production build in Chromium on a machine with a GPU (issue #62 item 3), as
 * scripts/device/page-bench.sh runs it there (bundled into .device-stage/ by
 * prepare-page-bench.ts; here: `npx tsx scripts/device/page-bench.ts --gpu=swiftshader`).
 * It serves the build (static-server.ts), opens it in Chromium through playwright-core, and prints
 * ONE JSON line, {"pageBench": {…}}:
 * - `adapter`: what `navigator.gpu.requestAdapter()` gives the page (vendor, architecture,
 *   description, fallback or not);
 * - `chosen`: the backend the page chose by itself (no `backend=` in the address) and why: the
 *   badge's `data-basis` and its lines (measured figures, or "the only adapter is a fallback
 *   adapter", the page's rule for SwiftShader);
 * - `iteration.webgpu`, `iteration.wasm`: a live iteration of the preset (classroom unless
 *   `--preset=`) timed in the same browser, one page each (`backend=` asks for it; tfjs's variables
 *   live on one backend, so one page cannot run both): seconds from the command to idle without
 *   the baseline evaluation the first command runs, the engine's own seconds, the baseline's;
 * - `dispatches`: on the WebGPU page, every `dispatchWorkgroups` of the engine worker counted, per
 *   training step and per token step (dispatch-gaps.ts);
 * - `fusedChecks`: whether the fused kernels' start-up checks passed on the WebGPU page
 *   (src/model/backend/fused-*-check.ts; the badge's `data-generation` and `data-training`).
 * A part that fails is an `error` in its place; the line is printed whatever happens.
 * Options: --dist=DIR (dist), --chromium=PATH ($CHROMIUM_PATH or /usr/bin/chromium),
 * --gpu=real|swiftshader (real), --preset=NAME (classroom), --port=N (5307), --iterations=N (1).
 */
import type { Server } from 'node:http';
import { type Browser, type Page, chromium } from 'playwright-core';
import type { PageEntry } from '../../src/ui/state/bench-meter';
import { CLOSED_NETWORK_ARGS, WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';
import { tabIteration } from '../bench/tab-breakdown';
import { stepDispatches } from './dispatch-gaps';
import { serveStatic } from './static-server';

const opt = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DIST = opt('dist', 'dist');
const CHROMIUM = opt('chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const GPU = opt('gpu', 'real');
const PRESET = opt('preset', 'classroom');
const PORT = Number(opt('port', '5307'));
const ITERATIONS = Number(opt('iterations', '1'));
/** Longest wait for the page to be ready or an iteration to end. */
const WAIT_MS = 600_000;

/** Chromium's flags: WebGPU on the machine's Vulkan driver, or on SwiftShader (the tests' flags). */
const ARGS =
  GPU === 'swiftshader'
    ? WEBGPU_LAUNCH.args.filter((a) => a !== '--headless=new')
    : [
        '--enable-unsafe-webgpu',
        '--enable-features=Vulkan',
        '--use-angle=vulkan',
        '--disable-vulkan-surface',
        '--ignore-gpu-blocklist',
        ...CLOSED_NETWORK_ARGS,
      ];

const seconds = (ms: number): number => Number((ms / 1000).toFixed(2));
const message = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] : String(err)) ?? '';

/** The adapter the browser offers a page of `origin`. */
async function adapterInfo(page: Page, origin: string): Promise<Record<string, unknown>> {
  await page.goto(`${origin}/manifest.webmanifest`);
  return page.evaluate(async () => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    if (!gpu) return { error: 'no navigator.gpu' };
    const adapter = (await gpu.requestAdapter()) as {
      isFallbackAdapter?: boolean;
      info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
    } | null;
    if (!adapter) return { error: 'requestAdapter() returned no adapter' };
    const info = adapter.info ?? {};
    return {
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      description: info.description ?? '',
      fallback: adapter.isFallbackAdapter === true || info.isFallbackAdapter === true,
    };
  });
}

/** Opens the live page (with `query`) and waits until its iteration button is enabled. */
async function openLive(page: Page, origin: string, query: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(`${origin}/?preset=${PRESET}&seed=1&lang=en${query}`);
  await page.locator('[data-action="iteration"]:enabled').waitFor({ timeout: WAIT_MS });
  return seconds(performance.now() - t0);
}

/** What the badge says: the backend, why (its basis and lines), the fused kernels. */
async function badge(page: Page): Promise<Record<string, unknown>> {
  const b = page.locator('[data-backend]');
  return {
    backend: await b.getAttribute('data-backend'),
    basis: await b.getAttribute('data-basis'),
    why: await page.$$eval('[data-testid="backend-why"] li', (lis) => lis.map((li) => li.textContent?.trim() ?? '')),
    generation: await b.getAttribute('data-generation'),
    training: await b.getAttribute('data-training'),
  };
}

/** Counters in the engine worker: dispatches, and the count at each marker kernel's start. */
interface WorkerCounts {
  dispatches: number;
  marks: Record<'A0GradNorm' | 'A0Sample', number[]>;
}

/** Installs the counters in the page's engine worker (the one whose tfjs engine runs WebGPU). */
async function countDispatches(page: Page): Promise<() => Promise<WorkerCounts>> {
  for (const worker of page.workers()) {
    const installed = await worker
      .evaluate(() => {
        const scope = self as unknown as {
          _tfengine?: { backendName: string; runKernel: (name: string, ...rest: unknown[]) => unknown };
          __a0Counts?: WorkerCounts;
          GPUComputePassEncoder?: { prototype: { dispatchWorkgroups: (...a: unknown[]) => void } };
        };
        const engine = scope._tfengine;
        if (!engine || engine.backendName !== 'webgpu' || !scope.GPUComputePassEncoder) return false;
        if (scope.__a0Counts) return true;
        const counts: WorkerCounts = { dispatches: 0, marks: { A0GradNorm: [], A0Sample: [] } };
        scope.__a0Counts = counts;
        const proto = scope.GPUComputePassEncoder.prototype;
        const dispatch = proto.dispatchWorkgroups;
        proto.dispatchWorkgroups = function (this: unknown, ...a: unknown[]) {
          counts.dispatches += 1;
          dispatch.apply(this, a);
        };
        const run = engine.runKernel;
        engine.runKernel = function (this: unknown, name: string, ...rest: unknown[]) {
          (counts.marks as Record<string, number[]>)[name]?.push(counts.dispatches);
          return run.call(this, name, ...rest);
        };
        return true;
      })
      .catch(() => false);
    if (installed)
      return () =>
        worker.evaluate(() => (self as unknown as { __a0Counts: WorkerCounts }).__a0Counts) as Promise<WorkerCounts>;
  }
  throw new Error('no engine worker on WebGPU among the page workers');
}

/** ITERATIONS live iterations on `backend`, timed from the page's bench meter. */
async function timedIterations(browser: Browser, origin: string, backend: 'webgpu' | 'wasm') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(() => {
    window.__agent0BenchWanted = true;
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const readySeconds = await openLive(page, origin, `&backend=${backend}`);
    const shown = await badge(page);
    if (shown.backend !== backend) throw new Error(`the page runs ${String(shown.backend)}, not ${backend}`);
    const counts = backend === 'webgpu' ? await countDispatches(page) : null;
    const iterations: Record<string, number | null>[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const from = await page.evaluate(() => window.__agent0Bench?.length ?? -1);
      if (from < 0) throw new Error('the page has no bench meter (window.__agent0Bench)');
      await page.locator('[data-action="iteration"]').click();
      await page.waitForFunction(
        (n) => window.__agent0Bench?.slice(n).some((e) => e.type === 'idle' || e.type === 'error'),
        from,
        { timeout: WAIT_MS, polling: 500 },
      );
      const entries = (await page.evaluate((n) => window.__agent0Bench?.slice(n) ?? [], from)) as PageEntry[];
      if (entries.some((e) => e.type === 'error') || errors.length > 0)
        throw new Error(`the page failed: ${errors.join('; ') || (await page.getByTestId('status').innerText())}`);
      const it = tabIteration(entries);
      const baselineMs = it.baseline?.wallMs ?? 0;
      iterations.push({
        iterationSeconds: seconds(it.totalMs - baselineMs),
        engineSeconds: seconds(it.phases.reduce((s, p) => s + (p.engineMs ?? 0), 0)),
        baselineSeconds: it.baseline ? seconds(baselineMs) : null,
      });
    }
    const c = counts ? await counts() : null;
    return {
      readySeconds,
      iterations,
      badge: shown,
      dispatches: c && {
        total: c.dispatches,
        perTrainStep: stepDispatches(c.marks.A0GradNorm),
        perTokenStep: stepDispatches(c.marks.A0Sample),
      },
    };
  } finally {
    await page.close();
  }
}

async function main(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { gpu: GPU, preset: PRESET, dist: DIST };
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    server = await serveStatic(DIST, PORT);
    const origin = `http://localhost:${PORT}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    out.chromium = browser.version();
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    out.adapter = await adapterInfo(page, origin).catch((e: unknown) => ({ error: message(e) }));
    out.chosen = await openLive(page, origin, '')
      .then(async (readySeconds) => ({ readySeconds, ...(await badge(page)) }))
      .catch((e: unknown) => ({ error: message(e) }));
    await page.close();
    const iteration: Record<string, unknown> = {};
    out.iteration = iteration;
    for (const backend of ['webgpu', 'wasm'] as const) {
      const r = await timedIterations(browser, origin, backend).catch((e: unknown) => ({ error: message(e) }));
      if ('badge' in r) {
        const { badge: shown, dispatches, ...timed } = r;
        iteration[backend] = timed;
        if (backend === 'webgpu') {
          out.dispatches = dispatches;
          out.fusedChecks = {
            passed: shown.generation === 'fused' && shown.training === 'fused',
            generation: shown.generation,
            training: shown.training,
            why: shown.why,
          };
        }
      } else iteration[backend] = r;
    }
  } catch (err) {
    out.error = message(err);
  } finally {
    await browser?.close().catch(() => undefined);
    server?.close();
  }
  return out;
}

console.log(JSON.stringify({ pageBench: await main() }));
process.exit(0);
