/**
 * A live run of one repair-lab variant in this tab: the worker (src/repair/worker.ts) trains the
 * repair agent and posts each iteration; this state collects them as a RepairRunRecord the
 * chapter's views read like a recorded one.
 */
import { formatReport, plainReport, type ProblemReport } from '../../core/problems';
import { PROBLEMS_EN } from '../../core/problems-en';
import type { BackendName } from '../../model/backend/backend';
import type { EpisodeMetrics, RepairRunRecord } from '../../repair/records';
import type { RepairCommand, RepairEvent, RepairStage } from '../../repair/protocol';
import { type SandboxSpawner, sandboxSpawner } from '../../sandbox/page-spawner';
import { pageWantsWasmThreads } from '../../model/backend/wasm-threads';
import { createRepairWorker } from './repair-worker';

export type LiveStatus = 'idle' | 'starting' | 'running' | 'stopping' | 'done' | 'error';

export class RepairLive {
  status = $state<LiveStatus>('idle');
  backend = $state('');
  fallbacks = $state.raw<{ backend: string; reason: string }[]>([]);
  baseline = $state.raw<EpisodeMetrics | null>(null);
  run = $state.raw<RepairRunRecord | null>(null);
  /** The worker's stage before the first iteration (loading the agent, evaluating the base model). */
  stage = $state<RepairStage | null>(null);
  /** Iterations asked for. */
  total = $state(0);
  /** How a finished run ended: all its iterations, or stopped early. */
  ended = $state<'finished' | 'stopped' | null>(null);
  /** Why the live run stopped with an error (worded by the page in its language); null otherwise. */
  error = $state.raw<ProblemReport | null>(null);
  private worker: Worker | null = null;
  private spawner: SandboxSpawner | null = null;

  /** Start a variant for `iterations` iterations (a previous live run is discarded). */
  start(variant: string, iterations: number, backends: BackendName[], asked: BackendName | null): void {
    this.dispose();
    this.status = 'starting';
    this.stage = null;
    this.total = iterations;
    this.ended = null;
    this.error = null;
    this.baseline = null;
    this.run = null;
    const worker = createRepairWorker();
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<RepairEvent>) => this.apply(e.data);
    worker.onerror = (e) => {
      const report = plainReport(
        e.message ? { kind: 'unexpected', message: e.message } : { kind: 'repair-worker-failed' },
      );
      this.apply({ type: 'error', message: formatReport(PROBLEMS_EN, report), report });
    };
    const spawner = sandboxSpawner();
    this.spawner = spawner;
    worker.postMessage(
      {
        type: 'start',
        variant,
        iterations,
        backends,
        asked,
        sandboxSpawner: spawner.port,
        wasmThreads: pageWantsWasmThreads(),
      } satisfies RepairCommand,
      [spawner.port],
    );
  }

  /** Ask the worker to stop after the current iteration. */
  stop(): void {
    if (!this.worker || (this.status !== 'running' && this.status !== 'starting')) return;
    this.status = 'stopping';
    this.worker.postMessage({ type: 'stop' } satisfies RepairCommand);
  }

  /** Fold one worker event into the state. */
  apply(event: RepairEvent): void {
    switch (event.type) {
      case 'ready':
        this.backend = event.backend;
        this.fallbacks = event.fallbacks;
        return;
      case 'stage':
        this.stage = event.stage;
        return;
      case 'baseline':
        this.baseline = event.metrics;
        if (this.status === 'starting') this.status = 'running';
        return;
      case 'iteration': {
        const prev = this.run;
        const baseline = this.baseline ?? event.record.eval;
        this.run = { variant: event.variant, baseline, iterations: [...(prev?.iterations ?? []), event.record] };
        return;
      }
      case 'done':
        this.status = 'done';
        this.ended = event.reason;
        return;
      case 'error':
        this.status = 'error';
        this.error = event.report;
        return;
    }
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.spawner?.dispose();
    this.spawner = null;
  }
}
