/**
 * The typed message protocol between the page and the engine's dedicated module Worker. The worker
 * acknowledges every command but `pause` as soon as it receives it (`ack`), so the page can tell a
 * dead worker from a busy one; after each iteration it keeps a checkpoint in IndexedDB
 * (`AUTOSAVE_SLOT`) and says so (`autosaved`), so a run survives the worker's death.
 */
import type { Agent0Config, ConfigOverride, PresetName } from '../core/config';
import type { ProblemReport } from '../core/problems';
import type { ProgressKind } from './loop/context';
import type { LoadProgress } from './load-steps';
import type { BackendMemory, BackendName, FusedKernels, WasmBinary } from '../model/backend/backend';
import type { ChoiceBasis } from '../model/backend/choice';
import type { MemoryStats } from '../sandbox/types';
import type { CoevolutionRow } from './files/coevolution-table';
import type { IterationSummary } from './loop/summary';
import type { LoopPosition } from './loop/loop-position';
import type { EvaluationResult, PhaseRecord } from './loop/trace';
import type { ProbeTimes } from './probe';
import type { PhaseMeter } from './phase-meter';

export type EngineCommand =
  | {
      type: 'init';
      preset: PresetName;
      override?: ConfigOverride;
      /** Candidate backends in order. */
      backends?: BackendName[];
      /** The backend the address asks for (`?backend=`), first in `backends`; absent: measured. */
      asked?: BackendName | null;
      /** The page runs under automation (src/ui/lib/test-hooks.ts): the worker exposes its test hooks. */
      testHooks?: boolean;
      /** `npm run bench -- tab` drives the page: time each phase's tool calls (`meter` below). */
      benchMeter?: boolean;
      /** The page's sandbox spawner (src/sandbox/page-spawner.ts): it starts the Python sandbox workers. */
      sandboxSpawner: MessagePort;
      /** Load tfjs's threaded WASM build (the page decides: src/model/backend/wasm-threads.ts). */
      wasmThreads: boolean;
    }
  | { type: 'step' }
  | { type: 'run-iteration' }
  | { type: 'run'; iterations: number }
  | { type: 'pause' }
  | { type: 'reset' }
  | { type: 'save'; slot: string }
  /** Load `slot`; when it is refused, each of `fallbacks` in order (older saves). */
  | { type: 'load'; slot: string; fallbacks?: string[] }
  | { type: 'save-file' }
  /** Memory figures; with `probe`, also the time of the fixed workload of probe.ts (for the soak test). */
  | { type: 'memory'; probe?: boolean }
  /** The executor's top-1 tokens over the held-out set by forced decoding (model/bench/forced-set.ts). */
  | { type: 'forced-top1' }
  | { type: 'load-file'; name: string; bytes: Uint8Array }
  | { type: 'export' }
  /** The run so far in UNIPO's run-log format (unipo.ts). */
  | { type: 'export-unipo' }
  /** Between iterations: go on as a new run with these `section.key=value` changes (fork.ts). */
  | { type: 'fork'; changes: string[] }
  /** Agent0's Table 5 of the run so far, from the executors the worker kept (executor-snapshots.ts). */
  | { type: 'coevolution' };

export type EngineEvent =
  | {
      type: 'ready';
      backend: string;
      fallbacks: { backend: string; reason: string }[];
      threads: number | null;
      /** The WASM build that runs (null on other backends and in replay). */
      binary?: WasmBinary | null;
      /** Why this backend (absent in replay). */
      basis?: ChoiceBasis | null;
      /** On WebGPU, which kernels generation runs (absent in replay and on other backends). */
      generation?: FusedKernels | null;
      /** On WebGPU, which kernels training runs (absent in replay and on other backends). */
      training?: FusedKernels | null;
      position: LoopPosition;
      params: number;
    }
  /** `meter`: the tool calls' times, only when `init` asked for `benchMeter` (phase-meter.ts). */
  | { type: 'baseline'; result: EvaluationResult; meter?: PhaseMeter }
  | { type: 'record'; record: PhaseRecord; position: LoopPosition; meter?: PhaseMeter }
  | { type: 'iteration'; summary: IterationSummary }
  | { type: 'progress'; kind: ProgressKind; done: number; total: number }
  /** How far a step of `init` has got (load-steps.ts); Python's may come after `ready`. */
  | ({ type: 'loading' } & LoadProgress)
  /** The first tool call of this worker, made before Python has started (still starting since `init`, or starting
   *  again after that start failed): it waits for it (until a program finishes). */
  | { type: 'python-starting' }
  | { type: 'idle'; position: LoopPosition; reason: 'done' | 'paused' }
  | { type: 'saved'; slot: string; bytes: number }
  | {
      type: 'loaded';
      slot: string;
      position: LoopPosition;
      trace: PhaseRecord[];
      summaries: IterationSummary[];
      /** The slot asked for, refused (why), when `slot` is one of its fallbacks. */
      skipped?: { slot: string; report: ProblemReport } | null;
    }
  | { type: 'exported'; parquet: Uint8Array; agent0Args: string }
  /** The run so far in UNIPO's run-log format: the file's text (unipo.ts). */
  | { type: 'unipo-exported'; text: string }
  | { type: 'saved-file'; bytes: Uint8Array }
  /** A load or fork refused (the run goes on): `message` in English, `report` for the page's language. */
  | { type: 'refused'; message: string; report: ProblemReport }
  | {
      type: 'forked';
      changes: string[];
      config: Agent0Config;
      position: LoopPosition;
      trace: PhaseRecord[];
      summaries: IterationSummary[];
    }
  | { type: 'device-lost'; reason: string; message: string }
  | { type: 'memory'; backend: BackendMemory; python: MemoryStats; probe?: ProbeTimes }
  | { type: 'ack'; command: EngineCommand['type'] }
  | { type: 'forced-top1'; backend: string; iteration: number; top1: number[][]; answers: number[][] }
  | { type: 'autosaved'; iteration: number; bytes: number }
  | { type: 'autosave-failed'; message: string }
  /** The executors kept for Table 5 (after init, reset, load, fork and every iteration); `complete`:
   *  every one the table needs is there (false for a run loaded after an iteration). */
  | { type: 'coevolution-executors'; kept: number[]; complete: boolean }
  /** Table 5 under way: `done` of `total` cells (one frozen executor on one pool). */
  | { type: 'coevolution-progress'; done: number; total: number }
  /** Table 5 of the run's first `iterations` iterations: computed by the worker, or read from a recording. */
  | {
      type: 'coevolution';
      rows: CoevolutionRow[];
      iterations: number;
      source: 'computed' | 'recorded';
      /** Questions of each pool the oracle answers: what each cell's pass rate is over. */
      questions: number[];
    }
  | { type: 'error'; message: string; fatal: boolean; report: ProblemReport };
