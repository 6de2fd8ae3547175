/** Messages between the page and the repair lab's worker (src/repair/worker.ts). */
import type { ProblemReport } from '../core/problems';
import type { BackendName } from '../model/backend/backend';
import type { RepairVariant } from '../core/repair/config';
import type { EpisodeMetrics, RepairIterationRecord } from './records';

export type RepairCommand =
  | {
      type: 'start';
      variant: string;
      iterations: number;
      backends: BackendName[];
      /** The backend the address asked for by name (tried first as it is), or null (src/model/backend/choice.ts). */
      asked: BackendName | null;
      /** The page's sandbox spawner (src/sandbox/page-spawner.ts): it starts the Python sandbox workers. */
      sandboxSpawner: MessagePort;
      /** Load tfjs's threaded WASM build (the page decides: src/model/backend/wasm-threads.ts). */
      wasmThreads: boolean;
    }
  | { type: 'stop' };

/** What the worker is doing before the first iteration: loading the agent, then evaluating the base model (Python starts there). */
export type RepairStage = 'model' | 'baseline';

export type RepairEvent =
  | { type: 'ready'; backend: string; fallbacks: { backend: string; reason: string }[]; threads: number | null }
  | { type: 'stage'; stage: RepairStage }
  | { type: 'baseline'; metrics: EpisodeMetrics }
  | { type: 'iteration'; variant: RepairVariant; record: RepairIterationRecord }
  | { type: 'done'; reason: 'finished' | 'stopped' }
  /** `message` in English; `report` for the page's language (src/core/problems.ts). */
  | { type: 'error'; message: string; report: ProblemReport };
