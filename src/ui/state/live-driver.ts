/**
 * The live driver: the engine runs in its dedicated module Worker; its events feed the run state.
 *
 * A worker that dies is noticed two ways: an uncaught error event, or silence (a worker killed by
 * the browser, e.g. out of memory, fires nothing) — every command but `pause` must be
 * acknowledged within `ACK_LIMIT_MS`, which an idle worker does at once (the page sends commands
 * only while the engine is idle). Either way the page says so, and `resume` starts a new worker
 * that loads the checkpoint the engine keeps in IndexedDB after every iteration.
 *
 * A lost GPU device (WebGPU) is not a crash of the worker, but nothing can run on it any more: the
 * page moves the run at once to a new worker on the next backend (WASM first) and resumes it from
 * that checkpoint, or starts it again when no iteration has finished yet, and says which.
 *
 * A fork goes on with changed settings; a new worker (resume, lost GPU) is then built with the
 * parent's settings plus every change made so far, so the checkpoint it loads matches. An address
 * with forks (`fork=1:executor.klCoef=0.05`) is recreated once the reader asks (`recreateForks`,
 * the link's banner; nothing runs on open): the parent runs to each fork's iteration, then forks. Reset on a fork reloads the page at the parent's address.
 *
 * The page also starts the engine's Python sandbox workers when the engine asks (a worker starts
 * no worker: src/sandbox/page-spawner.ts), and ends them with the engine worker.
 */
import { fromSource, reportOf } from '../../core/problem-error';
import { formatReport, plainReport, type ProblemReport } from '../../core/problems';
import { PROBLEMS_EN } from '../../core/problems-en';
import { AUTOSAVE_SLOT, SAVE_SLOT, previousSlot } from '../../engine/files/idb-store';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import { atIterationStart } from '../../engine/loop/loop-position';
import { downloadBytes, downloadUnipo } from '../lib/download';
import { readForks } from '../lib/fork-url';
import { testHooks } from '../lib/test-hooks';
import { backendOrder, type PageSettings, settingsOverride, writeSettings } from '../lib/settings';
import { benchMeterWanted, type PageEntry, timedHandler } from './bench-meter';
import type { Driver } from './driver';
import type { RunState } from './run.svelte';
import { type SandboxSpawner, sandboxSpawner } from '../../sandbox/page-spawner';
import { pageWantsWasmThreads } from '../../model/backend/wasm-threads';
import { LAB_WORKER_NAMES } from '../../lab-worker-names';

/** A resume loads the automatic checkpoint, or when it is refused the last Save, then the one before. */
const RESUME: EngineCommand = { type: 'load', slot: AUTOSAVE_SLOT, fallbacks: [SAVE_SLOT, previousSlot(SAVE_SLOT)] };
/** Name of the downloaded run file (the format `simulate --checkpoint` writes). */
const RUN_FILE_NAME = 'agent0-lab-run.a0run';

/** How long a ready worker may take to acknowledge a command before the page takes it for dead. */
export const ACK_LIMIT_MS = 10_000;

export function liveDriver(state: RunState, settings: PageSettings): Driver {
  let worker: Worker | null = null;
  /** The spawner of the current worker's Python sandboxes (they end with it). */
  let spawner: SandboxSpawner | null = null;
  const endWorker = (): void => {
    worker?.terminate();
    worker = null;
    spawner?.dispose();
    spawner = null;
  };
  let ackTimer: ReturnType<typeof setTimeout> | undefined;
  /** A command to send once the new worker is ready (the checkpoint load of a resume). */
  let afterReady: EngineCommand | null = null;
  /** Changes of the forks made so far (each new worker starts with them). */
  const forked: string[] = [];
  /** Forks of the address still to recreate. */
  const pending = readForks(settings.forks ?? []).steps;
  /** The reader asked to recreate them (a link runs nothing on its own). */
  let recreating = false;
  /** The bench's page entries (bench-meter.ts), only when it asked for them. */
  const bench: PageEntry[] | null = benchMeterWanted() ? [] : null;
  if (bench) window.__agent0Bench = bench;

  /** Next step of recreating the address's forks (when the engine is idle between iterations). */
  const recreate = (): void => {
    const next = pending[0];
    const p = state.position;
    if (!next || !p || !atIterationStart(p)) return;
    const done = p.iteration - 1;
    if (done < next.at) send({ type: 'run', iterations: next.at - done });
    else {
      pending.shift();
      send({ type: 'fork', changes: next.changes });
    }
  };

  const died = (reason: ProblemReport): void => {
    clearTimeout(ackTimer);
    endWorker();
    if (state.ready) state.markCrashed(reason);
    else state.apply({ type: 'error', message: formatReport(PROBLEMS_EN, reason), fatal: true, report: reason });
  };

  const send = (cmd: EngineCommand): void => {
    if (!worker) return;
    if (cmd.type !== 'pause') {
      state.busy = true;
      if (cmd.type === 'step' || cmd.type === 'run-iteration' || cmd.type === 'run')
        state.backToBack = cmd.type !== 'step';
      clearTimeout(ackTimer);
      ackTimer = setTimeout(
        () => died(plainReport({ kind: 'engine-silent', seconds: ACK_LIMIT_MS / 1000 })),
        ACK_LIMIT_MS,
      );
    }
    worker.postMessage(cmd);
  };

  /** The run goes on without WebGPU: a new worker on the other backends, from the checkpoint. */
  const leaveGpu = (message: string): void => {
    clearTimeout(ackTimer);
    endWorker();
    const from = state.checkpoint;
    state.restart();
    state.gpuLost = { message, resumedFrom: from };
    afterReady = from !== null ? RESUME : null;
    spawn(backendOrder(settings.backend).filter((b) => b !== 'webgpu'));
  };

  function spawn(backends = backendOrder(settings.backend)): void {
    const w = new Worker(new URL('../../worker.ts', import.meta.url), {
      type: 'module',
      name: LAB_WORKER_NAMES.engine,
    });
    worker = w;
    if (testHooks) window.__agent0EngineWorker = w;
    const onEvent = (e: MessageEvent<EngineEvent>): void => {
      const event = e.data;
      if (event.type === 'ack') {
        clearTimeout(ackTimer);
        state.apply(event);
        return;
      }
      if (event.type === 'device-lost') {
        leaveGpu(event.message || event.reason);
        return;
      }
      if (event.type === 'saved-file') downloadBytes(event.bytes, RUN_FILE_NAME, 'application/octet-stream');
      if (event.type === 'exported') {
        downloadBytes(event.parquet, 'agent0-curated.parquet', 'application/octet-stream');
        downloadBytes(new TextEncoder().encode(event.agent0Args), 'agent0-arguments.txt', 'text/plain');
      }
      if (event.type === 'unipo-exported') downloadUnipo(event.text);
      if (event.type === 'forked') forked.push(...event.changes);
      state.apply(event);
      if (event.type === 'ready' && afterReady) {
        const next = afterReady;
        afterReady = null;
        send(next);
      } else if (
        (event.type === 'ready' || event.type === 'forked' || (event.type === 'idle' && event.reason === 'done')) &&
        recreating &&
        pending.length > 0
      )
        recreate();
    };
    w.onmessage = bench ? timedHandler(onEvent, bench) : onEvent;
    w.onerror = (e) => {
      e.preventDefault();
      died(plainReport(e.message ? { kind: 'unexpected', message: e.message } : { kind: 'engine-failed' }));
    };
    const sandboxes = sandboxSpawner();
    spawner = sandboxes;
    try {
      // `init` is not watched for its acknowledgement: the worker's code is still loading.
      w.postMessage(
        {
          type: 'init',
          preset: settings.preset,
          override: settingsOverride({ ...settings, overrides: [...settings.overrides, ...forked] }),
          backends,
          asked: settings.backend !== null && backends[0] === settings.backend ? settings.backend : null,
          testHooks,
          benchMeter: bench !== null,
          sandboxSpawner: sandboxes.port,
          wasmThreads: pageWantsWasmThreads(),
        } satisfies EngineCommand,
        [sandboxes.port],
      );
    } catch (err) {
      const report = reportOf(err);
      state.apply({ type: 'error', message: formatReport(PROBLEMS_EN, report), fatal: true, report });
    }
  }

  spawn();
  return {
    step: () => send({ type: 'step' }),
    iteration: () => send({ type: 'run-iteration' }),
    run: (iterations) => send({ type: 'run', iterations }),
    pause: () => send({ type: 'pause' }),
    recreateForks: () => {
      if (recreating || pending.length === 0) return;
      recreating = true;
      if (!state.busy) recreate();
    },
    reset: () => {
      // A fork starts again as its parent: the page reloads at the parent's address.
      if (forked.length > 0 || pending.length > 0) {
        location.search = writeSettings({ ...settings, forks: [] });
        return;
      }
      state.clear();
      send({ type: 'reset' });
    },
    save: () => send({ type: 'save', slot: SAVE_SLOT }),
    // The last Save, or when it is refused the one before it (kept as its second generation).
    load: () => send({ type: 'load', slot: SAVE_SLOT, fallbacks: [previousSlot(SAVE_SLOT)] }),
    exportRun: () => send({ type: 'export' }),
    saveFile: () => send({ type: 'save-file' }),
    exportUnipo: () => send({ type: 'export-unipo' }),
    loadFile: (file) => {
      state.busy = true;
      void file.arrayBuffer().then(
        (buffer) => send({ type: 'load-file', name: file.name, bytes: new Uint8Array(buffer) }),
        (err: unknown) => {
          const refusal = fromSource(err, file.name);
          state.apply({ type: 'refused', message: refusal.message, report: refusal.report });
        },
      );
    },
    fork: (changes) => send({ type: 'fork', changes }),
    coevolution: () => send({ type: 'coevolution' }),
    resume: () => {
      if (worker) return;
      state.restart();
      afterReady = RESUME;
      spawn();
    },
    dispose: () => {
      clearTimeout(ackTimer);
      endWorker();
    },
  };
}
