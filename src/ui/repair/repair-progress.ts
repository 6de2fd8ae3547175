/** How far the repair lab's live run has come, from its state (repair-live.svelte.ts), for its status line. */
import type { RepairStage } from '../../repair/protocol';
import type { RepairProgress } from '../text/figures-types';

export interface RepairLiveView {
  status: 'idle' | 'starting' | 'running' | 'stopping' | 'done' | 'error';
  /** The worker's stage before the first iteration; null until it reports one. */
  stage: RepairStage | null;
  /** Iterations finished, and asked for. */
  done: number;
  total: number;
  /** How a `done` run ended. */
  ended: 'finished' | 'stopped' | null;
}

/**
 * The progress to say: before the backend is ready, its choice; then the worker's stage; while
 * training, the iteration under way (done + 1 of total); when stopping or done, the iterations
 * done of those asked for. Null when idle or failed (the error is said instead).
 */
export function repairProgress(v: RepairLiveView): RepairProgress | null {
  switch (v.status) {
    case 'starting':
      return { stage: v.stage ?? 'backend' };
    case 'running':
      return { stage: 'training', done: v.done, total: v.total };
    case 'stopping':
      return { stage: 'stopping', done: v.done, total: v.total };
    case 'done':
      return {
        stage: v.ended === 'stopped' || v.done < v.total ? 'stopped' : 'finished',
        done: v.done,
        total: v.total,
      };
    default:
      return null;
  }
}
