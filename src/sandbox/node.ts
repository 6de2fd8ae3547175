/**
 * The Python sandbox for Node (command line, tests, benchmarks): Pyodide in a worker_threads
 * Worker, so that the watchdog can terminate it. Pyodide loads from node_modules, offline.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHostedSandbox, type SandboxLimits, type WorkerHandle } from './host.ts';
import { sandboxPool } from './pool.ts';
import type { FromWorker, Sandbox } from './types.ts';

const require = createRequire(import.meta.url);

/** A file URL of tsx's ESM API, which lets a plain worker thread import the TypeScript entry. */
export function tsxApiURL(): string {
  const root = dirname(require.resolve('tsx/package.json'));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return pathToFileURL(join(root, manifest.exports['./esm/api'].import.default)).href;
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const start = workerData.loader
  ? import(workerData.loader).then((api) => api.tsImport(workerData.entry, workerData.entry))
  : import(workerData.entry);
start.catch((err) => { setTimeout(() => { throw err; }); });
`;

/**
 * Starts one Pyodide worker thread (released: it does not keep the process alive on its own): this
 * folder's node.worker.ts through tsx, or the bundled worker that `A0_SANDBOX_WORKER` names (a
 * file URL; the device scripts carry one, scripts/device/prepare-webgpu-bench.ts). `testHook`
 * turns on the test hook (test-hook.ts): tests only, never the sandboxes below.
 */
export function spawnNodeSandboxWorker({ testHook = false }: { testHook?: boolean } = {}): WorkerHandle {
  const bundled = process.env.A0_SANDBOX_WORKER;
  const entry = bundled ?? new URL('./node.worker.ts', import.meta.url).href;
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { entry, loader: bundled ? null : tsxApiURL(), testHook },
    name: 'python-sandbox',
  });
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    listen(onMessage, onDeath) {
      worker.on('message', (message: FromWorker) => onMessage(message));
      worker.on('error', (err) => onDeath(String(err)));
      worker.on('exit', (code) => onDeath(`the worker exited with code ${code}`));
    },
    hold: (held) => (held ? worker.ref() : worker.unref()),
    terminate: () => void worker.terminate(),
  };
}

/** Creates a Node Python sandbox of `workers` runtimes side by side (pool.ts; default 1); Pyodide
 *  boots (seconds) on `boot()` or on the first call, which waits for it. */
export function createNodeSandbox(limits: SandboxLimits = {}, workers = 1): Sandbox {
  return sandboxPool(
    Array.from({ length: workers }, () =>
      createHostedSandbox({ spawn: () => spawnNodeSandboxWorker(), indexURL: pyodideDirectory(), ...limits }),
    ),
  );
}

/** Where Pyodide's files are in node_modules (the worker loads them from there, offline). */
export function pyodideDirectory(): string {
  return dirname(require.resolve('pyodide/package.json')) + '/';
}
