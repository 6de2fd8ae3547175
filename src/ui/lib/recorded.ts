/**
 * Walking a recorded run phase by phase (the replay driver). The recording itself is written and
 * read by src/engine/files/recording.ts.
 */
import { type LoopPosition, iterationStart, positionOfRecord } from '../../engine/loop/loop-position';
import type { PhaseRecord } from '../../engine/loop/trace';

/** Where the loop stands after the first `played` records of a recorded trace. */
export function replayPosition(trace: readonly PhaseRecord[], played: number): LoopPosition {
  const next = trace[played];
  return next ? positionOfRecord(next) : iterationStart((trace.at(-1)?.iteration ?? 0) + 1);
}

/** Number of records up to and including the end of the iteration that record `from` belongs to. */
export function iterationEnd(trace: readonly PhaseRecord[], from: number): number {
  for (let i = from; i < trace.length; i++) if ((trace[i] as PhaseRecord).phase === 'evaluation') return i + 1;
  return trace.length;
}
