/**
 * The engine's dedicated module Worker: it owns the models, the optimizers and the Python sandbox,
 * answers the page's commands (protocol.ts) one at a time and never blocks the page. `pause` acts
 * between phases.
 */
import { type Agent0Config, makeConfig } from '../core/config';
import { selectBackend } from '../model/backend';
import { useServedWasmBinaries } from '../model/served-wasm';
import { createBrowserSandbox } from '../sandbox/browser';
import type { Sandbox } from '../sandbox/types';
import { Engine } from './engine';
import { modelsFromCheckpoint } from './models';
import { exportLastCuration } from './export';
import { loadSlot, saveSlot } from './idb-store';
import { atIterationBoundary, restoreRun, saveRun } from './persist';
import type { EngineCommand, EngineEvent } from './protocol';
import { sandboxToolRunner } from './tool-runner';

const post = (event: EngineEvent, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(event, transfer);

let engine: Engine | null = null;
let sandbox: Sandbox | null = null;
let baseBytes: Uint8Array | null = null;
let backend = '';
let config: Agent0Config | null = null;
let pauseRequested = false;
let queue: Promise<void> = Promise.resolve();

async function build(): Promise<Engine> {
  if (!config || !baseBytes || !sandbox) throw new Error('The engine is not initialised.');
  if (engine) Object.values(engine.models).forEach((m) => m.dispose());
  return new Engine(config, modelsFromCheckpoint(baseBytes), sandboxToolRunner(sandbox), backend, undefined, (phase, done, total) =>
    post({ type: 'progress', phase, done, total }),
  );
}

function need(): Engine {
  if (!engine) throw new Error('The engine is not initialised yet.');
  return engine;
}

/** Run phases until `stop` says so or a pause is requested. */
async function runUntil(stop: (e: Engine) => boolean): Promise<void> {
  const e = need();
  pauseRequested = false;
  if (!e.baseline) post({ type: 'baseline', result: await e.evaluateBaseline() });
  do {
    const record = await e.step();
    post({ type: 'record', record, position: e.position });
    if (record.phase === 'evaluation') post({ type: 'iteration', summary: e.summaries.at(-1) as NonNullable<ReturnType<typeof e.summaries.at>> });
  } while (!stop(e) && !pauseRequested);
  post({ type: 'idle', position: e.position, reason: pauseRequested ? 'paused' : 'done' });
}

async function handle(cmd: EngineCommand): Promise<void> {
  switch (cmd.type) {
    case 'init': {
      config = makeConfig(cmd.preset, cmd.override);
      useServedWasmBinaries();
      const choice = await selectBackend(cmd.backends);
      backend = choice.backend;
      const res = await fetch(new URL(`${import.meta.env.BASE_URL}models/base.a0lm`, self.location.origin));
      if (!res.ok) throw new Error(`The base model could not be loaded (HTTP ${res.status}).`);
      baseBytes = new Uint8Array(await res.arrayBuffer());
      sandbox ??= createBrowserSandbox();
      engine = await build();
      post({ type: 'ready', backend, fallbacks: choice.fallbacks, threads: choice.threads, position: engine.position, params: engine.models.questioner.paramCount });
      return;
    }
    case 'step':
      return runUntil(() => true);
    case 'run-iteration':
      return runUntil(atIterationBoundary);
    case 'run': {
      const target = need().position.iteration + cmd.iterations;
      return runUntil((e) => e.position.iteration >= target && atIterationBoundary(e));
    }
    case 'reset':
      engine = await build();
      post({ type: 'idle', position: engine.position, reason: 'done' });
      return;
    case 'save': {
      const bytes = await saveRun(need());
      await saveSlot(cmd.slot, bytes);
      post({ type: 'saved', slot: cmd.slot, bytes: bytes.length });
      return;
    }
    case 'load': {
      const e = need();
      restoreRun(e, await loadSlot(cmd.slot));
      post({ type: 'loaded', slot: cmd.slot, position: e.position, trace: e.trace, summaries: e.summaries });
      return;
    }
    case 'export': {
      const { parquet, args } = exportLastCuration(need());
      post({ type: 'exported', parquet, agent0Args: args }, [parquet.buffer]);
      return;
    }
    case 'pause':
      return;
  }
}

self.addEventListener('message', (event: MessageEvent<EngineCommand>) => {
  const cmd = event.data;
  if (cmd.type === 'pause') {
    pauseRequested = true;
    return;
  }
  queue = queue.then(() =>
    handle(cmd).catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err), fatal: cmd.type === 'init' })),
  );
});
