/**
 * What the page knows about the run: the trace records received (from the engine worker or from a
 * recorded run), the per-iteration summaries, the baseline, the loop position and the engine's
 * status. Every view reads from here; nothing here touches tensors.
 */
import type { Agent0Config } from '../../core/config';
import type { ProblemReport } from '../../core/problems';
import type { CoevolutionRow } from '../../engine/files/coevolution-table';
import type { ProgressKind } from '../../engine/loop/context';
import type { LoopPosition } from '../../engine/loop/loop-position';
import type { EngineEvent } from '../../engine/protocol';
import type { IterationSummary } from '../../engine/loop/summary';
import type { EvaluationResult, PhaseName, RecordOf } from '../../engine/loop/trace';
import type { FusedKernels, WasmBinary } from '../../model/backend/backend';
import type { ChoiceBasis } from '../../model/backend/choice';
import { type HeldRecord, releaseOldRecords } from './held-records';
import { type Loading, withReport } from './loading';
import { testHooks } from '../lib/test-hooks';

/** The last save/load/export outcome the header reports. */
export type Notice =
  | { kind: 'saved'; bytes: number }
  | { kind: 'saved-file'; bytes: number }
  /** `skipped`: the newer saved run refused before `source` was loaded in its place (why). */
  | { kind: 'loaded'; source: string; iteration: number; skipped: { slot: string; report: ProblemReport } | null }
  | { kind: 'exported' }
  | { kind: 'exported-unipo' };

/** A run as it stood when it was forked (drawn beside its fork in the compare view). */
export interface ForkParent {
  /** Iterations it had finished. */
  at: number;
  /** The changes its fork made, `section.key=value`. */
  changes: string[];
  config: Agent0Config;
  baseline: EvaluationResult | null;
  summaries: IterationSummary[];
}

/** Agent0's Table 5 of the run on screen (src/engine/studies/coevolution.ts). */
export interface CoevolutionTable {
  rows: CoevolutionRow[];
  /** The iterations (and pools) it covers: the first `iterations` of the run. */
  iterations: number;
  /** Computed by the live worker, or read from the recording. */
  source: 'computed' | 'recorded';
  /** Questions of each pool the oracle answers (a cell's pass rate is over them). */
  questions: number[];
}

export interface Progress {
  kind: ProgressKind;
  done: number;
  total: number;
}

declare global {
  interface Window {
    /** The records this page holds, in order (read by the end-to-end tests and the soak; only under
     *  automation, lib/test-hooks.ts). */
    __agent0Trace?: HeldRecord[];
    /** The live engine's worker (the end-to-end tests terminate it to play a crash; only under automation). */
    __agent0EngineWorker?: Worker;
  }
}

export class RunState {
  records = $state.raw<HeldRecord[]>([]);
  summaries = $state.raw<IterationSummary[]>([]);
  baseline = $state.raw<EvaluationResult | null>(null);
  position = $state.raw<LoopPosition | null>(null);
  /** Settings of the run on screen (the engine's, or the recorded run's). */
  config = $state.raw<Agent0Config | null>(null);
  backend = $state('');
  fallbacks = $state.raw<{ backend: string; reason: string }[]>([]);
  /** Threads of the WASM backend (null on other backends and in replay). */
  threads = $state<number | null>(null);
  /** The WASM build that runs, and why this backend (null on other backends / in replay). */
  binary = $state<WasmBinary | null>(null);
  basis = $state.raw<ChoiceBasis | null>(null);
  /** On WebGPU, which kernels generation runs (null elsewhere and in replay). */
  generation = $state.raw<FusedKernels | null>(null);
  /** On WebGPU, which kernels training runs (null elsewhere and in replay). */
  training = $state.raw<FusedKernels | null>(null);
  params = $state(0);
  /** The engine is working on a command (or the replay is playing). */
  busy = $state(false);
  ready = $state(false);
  /** A replay has played its last record. */
  ended = $state(false);
  progress = $state.raw<Progress | null>(null);
  /** The live start's steps as reported so far (loading.ts); Python's may go on after `ready`. */
  loading = $state.raw<Loading>({});
  /** The run's first tool call waits for the Python sandbox to start (until its first program finishes or a
   *  runtime has started). */
  pythonStarting = $state(false);
  /** Pause was asked for while a phase runs: it stops after that phase. */
  pausing = $state(false);
  /** Phase records received one by one (the page follows each to its figure); a load or fork adds none. */
  phasesRun = $state(0);
  /** The command under way runs phases back to back (Run iteration, Run), not one (Step phase): the page
   *  then jumps to each phase's figure instead of gliding (FollowPhase.svelte says why). */
  backToBack = $state(false);
  /** Why the run cannot go on (settings refused, engine failed), as data the page words in its language. */
  error = $state.raw<ProblemReport | null>(null);
  /** Last save/load/export message. */
  notice = $state.raw<Notice | null>(null);
  /** The live engine's worker died after it was ready (why, in the browser's words); null while it lives. */
  crashed = $state.raw<ProblemReport | null>(null);
  /** The iteration the automatic checkpoint in IndexedDB was taken after; null before the first. */
  checkpoint = $state<number | null>(null);
  /** The GPU device was lost and the run moved to another backend, resumed from the checkpoint
   *  after iteration `resumedFrom` (null: started again, no iteration had finished). */
  gpuLost = $state.raw<{ message: string; resumedFrom: number | null } | null>(null);
  /** Why the last load was refused (the run on screen was kept); cleared by the next result. */
  refusal = $state.raw<ProblemReport | null>(null);
  /** Why the last automatic checkpoint failed (null when it succeeded). */
  checkpointError = $state<string | null>(null);
  /** The runs this one was forked from, oldest first. */
  parents = $state.raw<ForkParent[]>([]);
  /** Table 5 of the run on screen, once computed (live) or read (replay). */
  coevolution = $state.raw<CoevolutionTable | null>(null);
  /** Live: the executors the worker keeps for Table 5; `complete` false for a loaded run. */
  coevolutionExecutors = $state.raw<{ kept: number[]; complete: boolean } | null>(null);
  /** Table 5 under way: cells done of total. */
  coevolutionProgress = $state.raw<{ done: number; total: number } | null>(null);
  /** Phase of the record received last (lit in the loop diagram). */
  lastPhase = $derived<PhaseName | null>(this.records.at(-1)?.phase ?? null);

  /** The latest record of a phase, or null before that phase has run. */
  latest<P extends PhaseName>(phase: P): RecordOf<P> | null {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i] as HeldRecord;
      if (r.phase === phase && !('released' in r)) return r as RecordOf<P>;
    }
    return null;
  }

  clear(): void {
    this.records = [];
    this.summaries = [];
    this.progress = null;
    this.coevolution = null;
    this.coevolutionProgress = null;
    this.publish();
  }

  /** The worker died: nothing is running any more, and the page says so. */
  markCrashed(reason: ProblemReport): void {
    this.busy = false;
    this.progress = null;
    this.pythonStarting = false;
    this.pausing = false;
    this.settleIdle();
    this.coevolutionProgress = null;
    this.crashed = reason;
    this.error = reason;
  }

  /** A new worker is starting to resume the run: back to the state before `ready`. */
  restart(): void {
    this.crashed = null;
    this.error = null;
    this.ready = false;
    this.busy = false;
    this.backend = '';
    this.threads = null;
    this.binary = null;
    this.basis = null;
    this.loading = {};
    this.clear();
  }

  apply(event: EngineEvent): void {
    switch (event.type) {
      case 'ack':
        // The worker's code has loaded and runs: the first step of the start.
        if (event.command === 'init') this.loading = withReport(this.loading, { step: 'code', done: 1, total: 1 });
        return;
      case 'loading': {
        const { step, done, total, failed } = event;
        this.loading = withReport(this.loading, { step, done, total, ...(failed === undefined ? {} : { failed }) });
        if (step === 'python' && done > 0) this.pythonStarting = false;
        return;
      }
      case 'memory':
      case 'forced-top1':
        return;
      case 'autosaved':
        this.checkpoint = event.iteration;
        this.checkpointError = null;
        return;
      case 'autosave-failed':
        this.checkpointError = event.message;
        return;
      case 'refused':
        this.busy = false;
        this.notice = null;
        this.coevolutionProgress = null;
        this.refusal = event.report;
        return;
      case 'saved-file':
        this.busy = false;
        this.refusal = null;
        this.notice = { kind: 'saved-file', bytes: event.bytes.length };
        return;
      case 'ready':
        this.backend = event.backend;
        this.fallbacks = event.fallbacks;
        this.threads = event.threads;
        this.binary = event.binary ?? null;
        this.basis = event.basis ?? null;
        this.generation = event.generation ?? null;
        this.training = event.training ?? null;
        this.position = event.position;
        this.params = event.params;
        this.ready = true;
        return;
      case 'baseline':
        this.baseline = event.result;
        return;
      case 'record':
        this.refusal = null;
        this.records = releaseOldRecords([...this.records, event.record]);
        this.position = event.position;
        this.progress = null;
        this.pythonStarting = false;
        this.phasesRun += 1;
        this.publish();
        return;
      case 'iteration':
        this.summaries = [...this.summaries, event.summary];
        return;
      case 'progress':
        this.progress = { kind: event.kind, done: event.done, total: event.total };
        if (event.done > 0) this.pythonStarting = false;
        return;
      case 'python-starting':
        this.pythonStarting = true;
        return;
      case 'idle':
        this.position = event.position;
        this.busy = false;
        this.progress = null;
        this.pythonStarting = false;
        this.pausing = false;
        this.settleIdle();
        return;
      case 'saved':
        this.busy = false;
        this.notice = { kind: 'saved', bytes: event.bytes };
        return;
      case 'loaded':
        this.busy = false;
        this.refusal = null;
        this.coevolution = null;
        this.position = event.position;
        this.records = releaseOldRecords(event.trace);
        this.summaries = event.summaries;
        this.notice = {
          kind: 'loaded',
          source: event.slot,
          iteration: event.position.iteration - 1,
          skipped: event.skipped ?? null,
        };
        this.publish();
        return;
      case 'forked':
        this.busy = false;
        this.refusal = null;
        // A table of the parent, sampled with its settings: computed again for the fork on request.
        this.coevolution = null;
        if (this.config)
          this.parents = [
            ...this.parents,
            {
              at: event.position.iteration - 1,
              changes: event.changes,
              config: this.config,
              baseline: this.baseline,
              summaries: this.summaries,
            },
          ];
        this.config = event.config;
        this.position = event.position;
        this.records = releaseOldRecords(event.trace);
        this.summaries = event.summaries;
        this.publish();
        return;
      case 'exported':
        this.busy = false;
        this.notice = { kind: 'exported' };
        return;
      case 'unipo-exported':
        this.busy = false;
        this.notice = { kind: 'exported-unipo' };
        return;
      case 'error':
        this.busy = false;
        this.progress = null;
        this.pythonStarting = false;
        this.pausing = false;
        this.coevolutionProgress = null;
        this.error = event.report;
        this.settleIdle();
        return;
      case 'coevolution-executors':
        this.coevolutionExecutors = { kept: event.kept, complete: event.complete };
        return;
      case 'coevolution-progress':
        this.coevolutionProgress = { done: event.done, total: event.total };
        return;
      case 'coevolution':
        if (event.source === 'computed') this.busy = false;
        this.coevolutionProgress = null;
        this.coevolution = {
          rows: event.rows,
          iterations: event.iterations,
          source: event.source,
          questions: event.questions,
        };
        return;
    }
  }

  /** Callers waiting for the engine to stop working (paced runs, state/paced-run.svelte.ts). */
  private idleWaiters: (() => void)[] = [];

  /** Resolves when the command under way ends: idle, an error, or the worker's death. */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private publish(): void {
    if (testHooks) window.__agent0Trace = this.records;
  }
}
