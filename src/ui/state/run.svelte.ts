/**
 * What the page knows about the run: the trace records received (from the engine worker or from a
 * recorded run), the per-iteration summaries, the baseline, the loop position and the engine's
 * status. Every view reads from here; nothing here touches tensors.
 */
import type { Agent0Config } from '../../core/config';
import type { LoopPosition } from '../../engine/engine';
import type { EngineEvent } from '../../engine/protocol';
import type { IterationSummary } from '../../engine/summary';
import type { EvaluationResult, PhaseName, PhaseRecord } from '../../engine/trace';

export type RecordOf<P extends PhaseName> = Extract<PhaseRecord, { phase: P }>;

export interface Progress {
  phase: string;
  done: number;
  total: number;
}

declare global {
  interface Window {
    /** The records this page received, in order (read by the end-to-end tests). */
    __agent0Trace?: PhaseRecord[];
  }
}

export class RunState {
  records = $state.raw<PhaseRecord[]>([]);
  summaries = $state.raw<IterationSummary[]>([]);
  baseline = $state.raw<EvaluationResult | null>(null);
  position = $state.raw<LoopPosition | null>(null);
  /** Settings of the run on screen (the engine's, or the recorded run's). */
  config = $state.raw<Agent0Config | null>(null);
  backend = $state('');
  fallbacks = $state.raw<{ backend: string; reason: string }[]>([]);
  /** Threads of the WASM backend (null on other backends and in replay). */
  threads = $state<number | null>(null);
  params = $state(0);
  /** The engine is working on a command (or the replay is playing). */
  busy = $state(false);
  ready = $state(false);
  /** A replay has played its last record. */
  ended = $state(false);
  progress = $state.raw<Progress | null>(null);
  error = $state<string | null>(null);
  /** Last save/load/export message. */
  notice = $state<string | null>(null);
  /** Phase of the record received last (lit in the loop diagram). */
  lastPhase = $derived<PhaseName | null>(this.records.at(-1)?.phase ?? null);

  /** The latest record of a phase, or null before that phase has run. */
  latest<P extends PhaseName>(phase: P): RecordOf<P> | null {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i] as PhaseRecord;
      if (r.phase === phase) return r as RecordOf<P>;
    }
    return null;
  }

  clear(): void {
    this.records = [];
    this.summaries = [];
    this.progress = null;
    this.publish();
  }

  apply(event: EngineEvent): void {
    switch (event.type) {
      case 'ready':
        this.backend = event.backend;
        this.fallbacks = event.fallbacks;
        this.threads = event.threads;
        this.position = event.position;
        this.params = event.params;
        this.ready = true;
        return;
      case 'baseline':
        this.baseline = event.result;
        return;
      case 'record':
        this.records = [...this.records, event.record];
        this.position = event.position;
        this.progress = null;
        this.publish();
        return;
      case 'iteration':
        this.summaries = [...this.summaries, event.summary];
        return;
      case 'progress':
        this.progress = { phase: event.phase, done: event.done, total: event.total };
        return;
      case 'idle':
        this.position = event.position;
        this.busy = false;
        this.progress = null;
        return;
      case 'saved':
        this.busy = false;
        this.notice = `saved:${event.bytes}`;
        return;
      case 'loaded':
        this.busy = false;
        this.position = event.position;
        this.records = event.trace;
        this.summaries = event.summaries;
        this.notice = 'loaded';
        this.publish();
        return;
      case 'exported':
        this.busy = false;
        this.notice = 'exported';
        return;
      case 'error':
        this.busy = false;
        this.progress = null;
        this.error = event.message;
        return;
    }
  }

  private publish(): void {
    if (typeof window !== 'undefined') window.__agent0Trace = this.records;
  }
}
