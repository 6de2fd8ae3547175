/** Messages between the page and the repair lab's worker (src/repair/worker.ts). */
import type { ProblemReport } from '../core/problems';
import type { BackendName } from '../model/backend';
import type { RepairVariant } from '../core/repair/config';
import type { EpisodeMetrics, RepairIterationRecord } from './records';

export type RepairCommand =
  { type: 'start'; variant: string; iterations: number; backends: BackendName[] } | { type: 'stop' };

export type RepairEvent =
  | { type: 'ready'; backend: string; fallbacks: { backend: string; reason: string }[]; threads: number | null }
  | { type: 'baseline'; metrics: EpisodeMetrics }
  | { type: 'iteration'; variant: RepairVariant; record: RepairIterationRecord }
  | { type: 'done'; reason: 'finished' | 'stopped' }
  /** `message` in English; `report` for the page's language (src/core/problems.ts). */
  | { type: 'error'; message: string; report: ProblemReport };
