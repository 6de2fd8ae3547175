/**
 * The engine's dedicated module Worker: it owns the models, the optimizers and the Python sandbox,
 * answers the page's commands (protocol.ts) one at a time and never blocks the page. `pause` acts
 * between phases.
 */
import { type Agent0Config, makeConfig } from '../core/config';
import { ProblemError, fromSource, reportOf } from '../core/problem-error';
import { Tokenizer } from '../core/tokenizer';
import { backendMemory, currentGpuDevice, defaultBackendOrder } from '../model/backend/backend';
import { chooseBackend } from '../model/backend/choice';
import { measureCurrentBackend } from '../model/backend/measure';
import { TinyLM } from '../model/model';
import { heldOutTop1 } from '../model/bench/forced-set';
import { useServedWasmBinaries } from '../model/backend/served-wasm';
import { createBrowserSandbox } from '../sandbox/browser';
import { pythonWorkerCount } from '../sandbox/pool';
import type { Sandbox } from '../sandbox/types';
import { liveTable5 } from './studies/live-table5';
import { Engine } from './loop/engine';
import { ExecutorSnapshots } from './studies/executor-snapshots';
import { modelsFromCheckpoint } from './loop/models';
import { exportLastCuration } from './files/export';
import { encodeUnipo } from './files/unipo';
import { probeEngine } from './probe';
import { forkCheckpoint, forkConfig } from './files/fork';
import { AUTOSAVE_SLOT, loadSlot, saveSlot } from './files/idb-store';
import { atIterationStart } from './loop/loop-position';
import { type Restored, type SavedRunSource, restoreFirst, restoreRun, saveRun } from './files/persist';
import type { ToolRunner } from './loop/context';
import type { EngineCommand, EngineEvent } from './protocol';
import { announceFirstCall, sandboxToolRunner } from './loop/tool-runner';
import { throttledProgress } from './progress-throttle';
import type { LoadProgress } from './load-steps';
import { fetchBaseModel, startPython } from './start-steps';
import { type PhaseMeter, type ToolCallTiming, meteredSandbox, phaseMeter } from './phase-meter';

/** Every message to the page; any but a count (of a phase or of the start) supersedes the count the
 *  throttle holds back. */
const post = (event: EngineEvent, transfer: Transferable[] = []) => {
  if (event.type !== 'progress' && event.type !== 'loading') progress.drop();
  (self as unknown as Worker).postMessage(event, transfer);
};
/** How far a step of the start has got (load-steps.ts). */
const loading = (report: LoadProgress) => post({ type: 'loading', ...report });
const progress = throttledProgress((kind, done, total) => post({ type: 'progress', kind, done, total }));

let engine: Engine | null = null;
let sandbox: Sandbox | null = null;
let baseBytes: Uint8Array | null = null;
let backend = '';
let config: Agent0Config | null = null;
let pauseRequested = false;
let queue: Promise<void> = Promise.resolve();
/** The executors Table 5 needs, kept as the run goes (dropped on reset and load, kept on fork). */
const snapshots = new ExecutorSnapshots();
/** The longest the start-up warm-up may take before it is given up (it only saves time later). */
const WARM_UP_MS = 10_000;

const postExecutors = () =>
  post({ type: 'coevolution-executors', kept: snapshots.iterations, complete: snapshots.complete });

/** The engine's tool: the sandbox, started while the page loads (`init`). A call made before it has
 *  started waits for it (or, when that start failed, starts it again), and the page is told while
 *  it waits. */
let tools: ToolRunner | null = null;
/** Whether a Python runtime of the sandbox has started (`init` starts them): a call need not wait. */
let pythonStarted = (): boolean => false;
/** The tool calls of the phase under way, kept only when the bench asked (`benchMeter`). */
let meteredCalls: ToolCallTiming[] | null = null;

/** The meter of the calls since the last one (nothing unless the bench asked). */
function takeMeter(): { meter?: PhaseMeter } {
  if (!meteredCalls) return {};
  const meter = phaseMeter(meteredCalls);
  meteredCalls.length = 0;
  return { meter };
}

async function build(): Promise<Engine> {
  if (!config || !baseBytes || !tools) throw new ProblemError([{ kind: 'engine-not-ready' }]);
  if (engine) Object.values(engine.models).forEach((m) => m.dispose());
  return new Engine(config, modelsFromCheckpoint(baseBytes), tools, backend, undefined, progress.report);
}

/** The engine built by `init` (throws before it). */
function currentEngine(): Engine {
  if (!engine) throw new ProblemError([{ kind: 'engine-not-ready' }]);
  return engine;
}

/** The latest autosave's write to IndexedDB; each write starts after the one before it ends. */
let autosaveWritten: Promise<void> = Promise.resolve();

/**
 * Keep the run as it stands after an iteration in IndexedDB, for resuming after a crash. The run is
 * encoded before this returns (the next phase changes the models); the write goes on while the run
 * does (it took 0.2–0.3 s of each iteration in the tab, most of it waiting for the database), the
 * writes one after another, so a later checkpoint is never overwritten by an earlier one. A failed
 * save is reported and the run goes on (the previous checkpoint stays: one transaction per put).
 */
async function autosave(e: Engine): Promise<void> {
  const failed = (err: unknown) =>
    post({ type: 'autosave-failed', message: err instanceof Error ? err.message : String(err) });
  let bytes: Uint8Array;
  try {
    bytes = await saveRun(e);
  } catch (err) {
    failed(err);
    return;
  }
  const iteration = e.position.iteration - 1;
  autosaveWritten = autosaveWritten
    .then(() => saveSlot(AUTOSAVE_SLOT, bytes))
    .then(() => post({ type: 'autosaved', iteration, bytes: bytes.length }), failed);
}

/**
 * Restore a saved run from the first of `sources` that loads (browser slots, newest first, or a
 * file). A missing, corrupt or foreign checkpoint, or one made with other settings, is refused:
 * `restoreRun` checks everything before it changes anything, so the next source can be tried, and
 * when none loads the run on screen stays as it was and can go on.
 */
async function restoreOrRefuse(sources: SavedRunSource[]): Promise<void> {
  const e = currentEngine();
  let restored: Restored;
  try {
    restored = await restoreFirst(e, sources);
  } catch (err) {
    const refusal = err instanceof ProblemError ? err : fromSource(err, sources[0]?.name ?? '');
    post({ type: 'refused', message: refusal.message, report: refusal.report });
    return;
  }
  // A save holds only its latest executor: Table 5 can be computed again only for a run loaded before any iteration.
  await snapshots.loaded(e.summaries.length, () => e.models.executor.save());
  const { name, skipped } = restored;
  post({
    type: 'loaded',
    slot: name,
    position: e.position,
    trace: e.trace,
    summaries: e.summaries,
    skipped: skipped && { slot: skipped.name, report: skipped.error.report },
  });
  postExecutors();
}

const slotSource = (slot: string): SavedRunSource => ({ name: slot, read: () => loadSlot(slot) });

/**
 * On WebGPU, report a lost device (driver reset, GPU removed, or `destroy()`): nothing more can
 * run on it, and the page moves the run to another backend. The device is also left on the
 * worker's global as `__agent0GpuDevice` when the page runs under automation (`testHooks`), where
 * the end-to-end tests destroy it.
 */
function watchGpuDevice(testHooks: boolean): void {
  const device = currentGpuDevice();
  if (!device) return;
  if (testHooks) (self as unknown as { __agent0GpuDevice?: unknown }).__agent0GpuDevice = device;
  void device.lost.then((info) => post({ type: 'device-lost', reason: info.reason, message: info.message }));
}

/** Run phases until `stop` says so or a pause is requested. */
async function runUntil(stop: (e: Engine) => boolean): Promise<void> {
  const e = currentEngine();
  pauseRequested = false;
  takeMeter();
  if (!e.baseline) post({ type: 'baseline', result: await e.evaluateBaseline(), ...takeMeter() });
  do {
    const record = await e.step();
    post({ type: 'record', record, position: e.position, ...takeMeter() });
    if (record.phase === 'evaluation') {
      post({ type: 'iteration', summary: e.summaries.at(-1) as NonNullable<ReturnType<typeof e.summaries.at>> });
      if (snapshots.wanted) {
        snapshots.add(record.iteration, await e.models.executor.save());
        postExecutors();
      }
      await autosave(e);
    }
  } while (!stop(e) && !pauseRequested);
  post({ type: 'idle', position: e.position, reason: pauseRequested ? 'paused' : 'done' });
}

async function handle(cmd: EngineCommand): Promise<void> {
  switch (cmd.type) {
    case 'init': {
      config = makeConfig(cmd.preset, cmd.override);
      useServedWasmBinaries(cmd.wasmThreads);
      const runtimes = pythonWorkerCount(navigator.hardwareConcurrency);
      if (!sandbox) {
        sandbox = createBrowserSandbox({ spawner: cmd.sandboxSpawner, workers: runtimes });
        if (cmd.benchMeter) sandbox = meteredSandbox(sandbox, (meteredCalls = []));
      }
      // Python starts beside the models and may finish after Ready (seconds of Pyodide start-up):
      // the first tool call waits for it, and the page says so while it waits.
      pythonStarted = startPython(sandbox, runtimes, loading);
      const bytes = await fetchBaseModel(loading);
      baseBytes = bytes;
      // Chosen before the run's models exist (tfjs variables live on one backend); the measurement
      // times throwaway copies of the base model.
      loading({ step: 'backend', done: 0, total: 1 });
      const tokenizer = new Tokenizer();
      const choice = await chooseBackend(cmd.backends ?? defaultBackendOrder(), {
        asked: cmd.asked ?? null,
        makeModel: () => TinyLM.fromCheckpoint(bytes, tokenizer),
      });
      backend = choice.backend;
      watchGpuDevice(cmd.testHooks === true);
      loading({ step: 'backend', done: 1, total: 1 });
      tools = announceFirstCall(sandboxToolRunner(sandbox), () => {
        if (!pythonStarted()) post({ type: 'python-starting' });
      });
      loading({ step: 'run', done: 0, total: 1 });
      engine = await build();
      loading({ step: 'run', done: 1, total: 1 });
      post({
        type: 'ready',
        backend,
        fallbacks: choice.fallbacks,
        threads: choice.threads,
        binary: choice.binary,
        basis: choice.basis,
        generation: choice.generation ?? null,
        training: choice.training ?? null,
        position: engine.position,
        params: engine.models.questioner.paramCount,
      });
      // After Ready, before any command (each waits for `init`): Table 5's first executor, and on a
      // backend chosen unmeasured (the measurement warms it) a throwaway training step and turn, so
      // the first phase does not pay for compiling kernels (docs/performance.md §5).
      snapshots.start(await engine.models.executor.save());
      postExecutors();
      loading({ step: 'warm-up', done: 0, total: 1 });
      if (choice.basis.kind !== 'measured')
        await measureCurrentBackend(
          () => TinyLM.fromCheckpoint(bytes, tokenizer),
          performance.now() + WARM_UP_MS,
        ).catch(() => undefined);
      loading({ step: 'warm-up', done: 1, total: 1 });
      return;
    }
    case 'step':
      return runUntil(() => true);
    case 'run-iteration':
      return runUntil((e) => atIterationStart(e.position));
    case 'run': {
      const target = currentEngine().position.iteration + cmd.iterations;
      return runUntil((e) => e.position.iteration >= target && atIterationStart(e.position));
    }
    case 'reset':
      engine = await build();
      snapshots.start(await engine.models.executor.save());
      post({ type: 'idle', position: engine.position, reason: 'done' });
      postExecutors();
      return;
    case 'save': {
      const bytes = await saveRun(currentEngine());
      // The save it replaces is kept as the slot's second generation (Load falls back to it).
      await saveSlot(cmd.slot, bytes, true);
      post({ type: 'saved', slot: cmd.slot, bytes: bytes.length });
      return;
    }
    case 'load':
      return restoreOrRefuse([cmd.slot, ...(cmd.fallbacks ?? [])].map(slotSource));
    case 'load-file':
      return restoreOrRefuse([{ name: cmd.name, read: async () => cmd.bytes }]);
    case 'memory': {
      if (!sandbox) throw new ProblemError([{ kind: 'engine-not-ready' }]);
      const probe = cmd.probe ? await probeEngine(currentEngine().models.executor, sandbox) : undefined;
      post({ type: 'memory', backend: backendMemory(), python: await sandbox.memory(), ...(probe ? { probe } : {}) });
      return;
    }
    case 'forced-top1': {
      const { backend, position, models } = currentEngine();
      post({ type: 'forced-top1', backend, iteration: position.iteration, ...(await heldOutTop1(models.executor)) });
      return;
    }
    case 'save-file': {
      const bytes = await saveRun(currentEngine());
      post({ type: 'saved-file', bytes }, [bytes.buffer]);
      return;
    }
    case 'export': {
      const { parquet, args } = exportLastCuration(currentEngine());
      post({ type: 'exported', parquet, agent0Args: args }, [parquet.buffer]);
      return;
    }
    case 'export-unipo': {
      const e = currentEngine();
      post({ type: 'unipo-exported', text: encodeUnipo({ config: e.config, backend: e.backend, trace: e.trace }) });
      return;
    }
    case 'fork':
      return fork(cmd.changes);
    case 'coevolution':
      return liveTable5(currentEngine(), sandbox, snapshots, post);
    case 'pause':
      return;
  }
}

/**
 * Go on as a new run: the current run saved between iterations, re-labelled with the changed
 * settings and restored into an engine built with them. Bad changes are refused and the run stays.
 */
async function fork(changes: string[]): Promise<void> {
  const e = currentEngine();
  let next: Agent0Config;
  try {
    if (!atIterationStart(e.position)) throw new ProblemError([{ kind: 'fork-mid-iteration' }]);
    next = forkConfig(e.config, changes);
  } catch (err) {
    post({ type: 'refused', message: err instanceof Error ? err.message : String(err), report: reportOf(err) });
    return;
  }
  const bytes = forkCheckpoint(await saveRun(e), next);
  config = next;
  engine = await build();
  restoreRun(engine, bytes);
  post({
    type: 'forked',
    changes,
    config: next,
    position: engine.position,
    trace: engine.trace,
    summaries: engine.summaries,
  });
  await autosave(engine);
}

self.addEventListener('message', (event: MessageEvent<EngineCommand>) => {
  const cmd = event.data;
  if (cmd.type === 'pause') {
    pauseRequested = true;
    return;
  }
  post({ type: 'ack', command: cmd.type });
  queue = queue.then(() =>
    handle(cmd).catch((err: unknown) =>
      post({
        type: 'error',
        message: err instanceof Error ? err.message : String(err),
        fatal: cmd.type === 'init',
        report: reportOf(err),
      }),
    ),
  );
});
