/** The typed message protocol between the page and the engine's dedicated module Worker. */
import type { ConfigOverride, PresetName } from '../core/config';
import type { IterationSummary } from './summary';
import type { LoopPosition } from './engine';
import type { EvaluationResult, PhaseRecord } from './trace';

export type EngineCommand =
  | { type: 'init'; preset: PresetName; override?: ConfigOverride; backends?: ('webgpu' | 'webgl' | 'wasm' | 'cpu')[] }
  | { type: 'step' }
  | { type: 'run-iteration' }
  | { type: 'run'; iterations: number }
  | { type: 'pause' }
  | { type: 'reset' }
  | { type: 'save'; slot: string }
  | { type: 'load'; slot: string }
  | { type: 'export' };

export type EngineEvent =
  | { type: 'ready'; backend: string; fallbacks: { backend: string; reason: string }[]; threads: number | null; position: LoopPosition; params: number }
  | { type: 'baseline'; result: EvaluationResult }
  | { type: 'record'; record: PhaseRecord; position: LoopPosition }
  | { type: 'iteration'; summary: IterationSummary }
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'idle'; position: LoopPosition; reason: 'done' | 'paused' }
  | { type: 'saved'; slot: string; bytes: number }
  | { type: 'loaded'; slot: string; position: LoopPosition; trace: PhaseRecord[]; summaries: IterationSummary[] }
  | { type: 'exported'; parquet: Uint8Array; agent0Args: string }
  | { type: 'error'; message: string; fatal: boolean };
