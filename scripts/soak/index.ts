/**
 * `npm run soak -- [--iterations-wasm 30] [--iterations-webgpu 5] [--skip-webgpu] [--port 5475] [--out FILE]`
 *
 * "A long class holds": whether the live page can train for a whole lesson without leaking or
 * slowing down. Builds the app into dist-soak/ (`vite build`), serves it with `vite preview` on
 * port 5475 (`--port`; the port must be free), and drives Debian's Chromium (/usr/bin/chromium,
 * network closed) with Playwright:
 * - run A, WASM: `?preset=classroom&backend=wasm` (`--disable-gpu`), `--iterations-wasm` iterations;
 * - run B, WebGPU on SwiftShader: `?preset=tiny&backend=webgpu` (a fallback adapter: used only when asked for), `--iterations-webgpu`
 *   iterations (slow: minutes per iteration); `--skip-webgpu` leaves it out.
 * Iterations run one at a time (the *Iteration* button, as key `i` does). After each one it samples
 * the engine worker's memory (the `memory` command of src/engine/protocol.ts: live tensors and their
 * bytes, the tfjs WASM heap, Pyodide's WASM memory and Python objects; Chromium reports no JS heap
 * inside a worker, so the engine's is not measured), the page's JS heap (CDP `Performance.getMetrics`
 * after a forced GC, with the page's DOM nodes and JS event listeners) and the iteration's wall time.
 *
 * It prints a table per run, then PASS/FAIL per target: live tensors flat (every iteration after the
 * first has iteration 2's count); page JS heap, tfjs WASM heap and Python WASM memory each at most
 * +10 % over iteration 2; no console or page
 * errors; the engine not slowing down: after each iteration the `memory` command also times a
 * fixed workload (src/engine/probe.ts: the executor generates 16 × 64 tokens, the sandbox runs one
 * snippet; each three times, the fastest counts), and each of its two times must not grow (mean of the last 5 ≤ 1.25 × mean of
 * iterations 2–6). The iteration time itself is printed under the table but is not a target: the
 * run's own work grows as the solver learns to call the tool (about 300 Python calls in iteration
 * 2 of the classroom run, 600 from iteration 10 on). The last line is one JSON object with the
 * series and the verdicts; `--out` writes it to a file too.
 * Exit code 0 when every target passes, 1 when one fails, 2 when the setup fails (build, server,
 * browser, engine start). Not part of `npm test`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type LaunchOptions, type Page, chromium } from '@playwright/test';
import type { EngineEvent } from '../../src/engine/protocol';
import { type RunResult, type Sample, type Verdict, table, verdicts } from './report';
import { runCommand, SetupError, startServer } from './server';
import { CLOSED_NETWORK_ARGS, WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';

const OUT_DIR = 'dist-soak';
/** Records one iteration adds to the page's trace (its last one is the evaluation). */
const PHASES_PER_ITERATION = 10;
const MB = 1024 * 1024;

type MemoryEvent = Extract<EngineEvent, { type: 'memory' }>;

/** What the page exposes to tests (src/ui/state/run.svelte.ts, live-driver.ts). */
interface SoakWindow {
  __agent0Trace?: { phase: string }[];
  __agent0EngineWorker?: Worker;
}

// ---------------------------------------------------------------------------------------------
// Arguments

const { values } = parseArgs({
  options: {
    'iterations-wasm': { type: 'string', default: '30' },
    'iterations-webgpu': { type: 'string', default: '5' },
    'skip-webgpu': { type: 'boolean', default: false },
    port: { type: 'string', default: '5475' },
    out: { type: 'string' },
  },
});

function count(flag: 'iterations-wasm' | 'iterations-webgpu'): number {
  const n = Number(values[flag]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`soak: --${flag} must be a non-negative integer (got ${values[flag]}).`);
    process.exit(2);
  }
  return n;
}
/** The preview server's port (`--port`; it must be free: another server there would be measured instead). */
const PORT = Number(values.port);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  console.error(`soak: --port must be a port number (got ${values.port}).`);
  process.exit(2);
}
const ORIGIN = `http://localhost:${PORT}`;
const iterationsWasm = count('iterations-wasm');
const iterationsWebgpu = values['skip-webgpu'] ? 0 : count('iterations-webgpu');

// ---------------------------------------------------------------------------------------------
// Processes: the build, the preview server (its own process group, killed at the end), the browser

let server: ChildProcess | null = null;
let browser: Browser | null = null;

function killServer(): void {
  if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM'); // npx and the vite it started
    } catch {
      /* already gone */
    }
  }
  server = null;
}

async function cleanup(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await Promise.race([b.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
  killServer();
  rmSync(OUT_DIR, { recursive: true, force: true });
}

process.on('exit', killServer);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\nsoak: ${signal}, stopping the browser and the server.`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// One run: open the page, run iterations one at a time, sample after each

async function engineMemory(page: Page, timeoutMs: number): Promise<MemoryEvent> {
  // No named functions in here: tsx keeps names with a helper the page does not have.
  return page.evaluate(
    (ms) =>
      new Promise<MemoryEvent>((resolve, reject) => {
        const worker = (window as unknown as SoakWindow).__agent0EngineWorker;
        if (!worker) {
          reject(new Error('the page exposes no engine worker (window.__agent0EngineWorker)'));
          return;
        }
        const stop = new AbortController();
        const timer = setTimeout(() => {
          stop.abort();
          reject(new Error(`the engine worker did not answer the memory command within ${ms} ms`));
        }, ms);
        worker.addEventListener(
          'message',
          (e: MessageEvent) => {
            if ((e.data as { type?: string } | null)?.type !== 'memory') return;
            clearTimeout(timer);
            stop.abort();
            resolve(e.data as MemoryEvent);
          },
          { signal: stop.signal },
        );
        worker.postMessage({ type: 'memory', probe: true });
      }),
    timeoutMs,
  );
}

async function soakRun(
  name: RunResult['name'],
  query: string,
  launch: LaunchOptions,
  iterations: number,
  timeouts: { start: number; iteration: number },
): Promise<RunResult> {
  const url = `${ORIGIN}/${query}`;
  const result: RunResult = { name, url, backend: '', requested: iterations, samples: [], errors: [], aborted: null };
  console.error(`soak ${name}: launching Chromium, opening ${url}`);
  try {
    browser = await chromium.launch({ ...launch, handleSIGINT: false, handleSIGTERM: false });
  } catch (err) {
    throw new SetupError(`Chromium did not start: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    // The offline copy's service worker is blocked, as in the end-to-end tests.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') result.errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => result.errors.push(`pageerror: ${e.message}`));
    let crashed = false;
    page.on('crash', () => {
      crashed = true;
      result.errors.push('the page crashed');
    });

    await page.goto(url);
    const expected = name;
    try {
      // The badge's attribute stays empty until the engine reports its backend.
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-backend]')?.getAttribute('data-backend') ?? '') !== '' ||
          document.querySelector('[data-testid="start-failed"]') !== null,
        undefined,
        {
          timeout: timeouts.start,
          polling: 500,
        },
      );
    } catch {
      throw new SetupError(
        `the engine did not start within ${timeouts.start / 1000} s (errors: ${JSON.stringify(result.errors)})`,
      );
    }
    result.backend = (await page.locator('[data-backend]').getAttribute('data-backend')) ?? '';
    if (result.backend !== expected) {
      const status =
        (await page
          .locator('[data-testid="status"]')
          .first()
          .textContent()
          .catch(() => null)) ?? '';
      throw new SetupError(
        `the badge says data-backend="${result.backend}", not "${expected}" (status: ${JSON.stringify(status.trim())}; errors: ${JSON.stringify(result.errors)})`,
      );
    }

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const iterationButton = page.locator('[data-action="iteration"]');
    const pauseButton = page.locator('[data-action="pause"]');

    for (let it = 1; it <= iterations; it++) {
      try {
        // Ready and idle (the baseline evaluation runs before the first iteration can start).
        await iterationButton.waitFor({ state: 'visible', timeout: timeouts.iteration });
        await page.waitForFunction(
          () => {
            const b = document.querySelector('[data-action="iteration"]') as HTMLButtonElement | null;
            return b !== null && !b.disabled;
          },
          undefined,
          { timeout: timeouts.iteration, polling: 250 },
        );
        const before = await page.evaluate(() => (window as unknown as SoakWindow).__agent0Trace?.length ?? 0);
        const t0 = performance.now();
        await iterationButton.click();
        await page.waitForFunction(
          (n) => {
            const trace = (window as unknown as SoakWindow).__agent0Trace ?? [];
            return trace.length >= n && trace[n - 1]?.phase === 'evaluation';
          },
          before + PHASES_PER_ITERATION,
          { timeout: timeouts.iteration, polling: 250 },
        );
        await page.waitForFunction(
          () => (document.querySelector('[data-action="pause"]') as HTMLButtonElement | null)?.disabled === true,
          undefined,
          {
            timeout: timeouts.iteration,
            polling: 100,
          },
        );
        const seconds = (performance.now() - t0) / 1000;
        if (!(await pauseButton.isDisabled())) throw new Error('the page is not idle after the iteration');

        const mem = await engineMemory(page, 120_000);
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = await cdp.send('Performance.getMetrics');
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        const pageHeap = metric('JSHeapUsedSize');
        // The page keeps every record of the run (the trace): its JSON size shows how much of the
        // page heap's growth is that retained data rather than a leak.
        const traceBytes = await page.evaluate(
          () => JSON.stringify((window as unknown as SoakWindow).__agent0Trace ?? []).length,
        );
        const sample: Sample = {
          iteration: it,
          seconds,
          tensors: mem.backend.tensors,
          tensorBytes: mem.backend.tensorBytes,
          tfjsWasmHeapBytes: mem.backend.wasmHeapBytes,
          pageJsHeapBytes: pageHeap,
          traceJsonBytes: traceBytes,
          domNodes: metric('Nodes'),
          pageListeners: metric('JSEventListeners'),
          pythonWasmBytes: mem.python.wasmBytes,
          pythonObjects: mem.python.pyObjects,
          pythonJsHeapBytes: mem.python.jsHeapBytes,
          probeGenerationMs: mem.probe?.generationMs ?? Number.NaN,
          probePythonMs: mem.probe?.pythonMs ?? Number.NaN,
        };
        result.samples.push(sample);
        console.error(
          `soak ${name}: iteration ${it}/${iterations} in ${seconds.toFixed(1)} s, ${sample.tensors} tensors, page heap ${(pageHeap / MB).toFixed(1)} MB`,
        );
      } catch (err) {
        const why = crashed ? 'the page crashed' : err instanceof Error ? err.message.split('\n')[0] : String(err);
        result.aborted = `iteration ${it}: ${why}`;
        console.error(`soak ${name}: stopped at ${result.aborted}`);
        break;
      }
    }
  } finally {
    const b = browser;
    browser = null;
    await b?.close().catch(() => undefined);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const runs: RunResult[] = [];
  try {
    await runCommand('node', ['scripts/copy-pyodide.mjs']);
    console.error(`soak: building into ${OUT_DIR}/`);
    await runCommand('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn']);
    await startServer(OUT_DIR, PORT, (child) => (server = child));
    console.error(`soak: serving on ${ORIGIN}/`);

    if (iterationsWasm > 0) {
      runs.push(
        await soakRun(
          'wasm',
          '?preset=classroom&backend=wasm',
          {
            executablePath: '/usr/bin/chromium',
            args: ['--disable-gpu', '--enable-precise-memory-info', ...CLOSED_NETWORK_ARGS],
          },
          iterationsWasm,
          {
            start: 300_000,
            iteration: 15 * 60_000,
          },
        ),
      );
    }
    if (iterationsWebgpu > 0) {
      runs.push(
        await soakRun(
          'webgpu',
          '?preset=tiny&backend=webgpu',
          { ...WEBGPU_LAUNCH, args: [...WEBGPU_LAUNCH.args, '--enable-precise-memory-info'] },
          iterationsWebgpu,
          {
            start: 15 * 60_000,
            iteration: 30 * 60_000,
          },
        ),
      );
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`soak: setup failed: ${message}`);
    await cleanup();
    if (err instanceof SetupError) {
      console.log(JSON.stringify({ setupError: message, runs }));
      return 2;
    }
    throw err;
  }
  await cleanup();

  const all: Verdict[] = [];
  for (const run of runs) {
    console.log(`\n${table(run)}\n`);
    const vs = verdicts(run);
    for (const v of vs)
      console.log(`${v.skipped ? 'SKIP' : v.pass ? 'PASS' : 'FAIL'}  ${run.name}: ${v.target}: ${v.detail}`);
    all.push(...vs);
  }
  const pass = all.every((v) => v.pass);
  console.log(
    `\nsoak: ${pass ? 'PASS' : 'FAIL'} (${all.filter((v) => !v.pass).length} of ${all.length} targets failed)`,
  );
  const summary = { pass, runs, verdicts: all };
  if (values.out) {
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, `${JSON.stringify(summary, null, 2)}\n`);
  }
  console.log(JSON.stringify(summary));
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err);
    await cleanup();
    process.exit(2);
  },
);
