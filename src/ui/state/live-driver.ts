/** The live driver: the engine runs in its dedicated module Worker; its events feed the run state. */
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import { downloadBytes } from '../lib/download';
import { backendOrder, type PageSettings, settingsOverride } from '../lib/settings';
import type { Driver } from './driver';
import type { RunState } from './run.svelte';

const SLOT = 'agent0-lab';

export function liveDriver(state: RunState, settings: PageSettings): Driver {
  const worker = new Worker(new URL('../../engine/worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<EngineEvent>) => {
    const event = e.data;
    if (event.type === 'exported') {
      downloadBytes(event.parquet, 'agent0-curated.parquet', 'application/octet-stream');
      downloadBytes(new TextEncoder().encode(event.agent0Args), 'agent0-arguments.txt', 'text/plain');
    }
    state.apply(event);
  };
  worker.onerror = (e) => state.apply({ type: 'error', message: e.message || 'The engine worker failed to start.', fatal: true });
  const send = (cmd: EngineCommand) => {
    if (cmd.type !== 'pause') state.busy = true;
    worker.postMessage(cmd);
  };
  try {
    worker.postMessage({ type: 'init', preset: settings.preset, override: settingsOverride(settings), backends: backendOrder(settings.backend) } satisfies EngineCommand);
  } catch (err) {
    state.apply({ type: 'error', message: err instanceof Error ? err.message : String(err), fatal: true });
  }
  return {
    step: () => send({ type: 'step' }),
    iteration: () => send({ type: 'run-iteration' }),
    run: (iterations) => send({ type: 'run', iterations }),
    pause: () => send({ type: 'pause' }),
    reset: () => {
      state.clear();
      send({ type: 'reset' });
    },
    save: () => send({ type: 'save', slot: SLOT }),
    load: () => send({ type: 'load', slot: SLOT }),
    exportRun: () => send({ type: 'export' }),
    dispose: () => worker.terminate(),
  };
}
