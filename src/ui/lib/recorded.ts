/** Recorded runs (`npm run simulate -- --out FILE`): reading them and walking them phase by phase. */
import type { Agent0Config, PresetName } from '../../core/config';
import { ProblemError } from '../../core/problem-error';
import type { CoevolutionRow } from '../../engine/coevolution';
import { checkCoevolution } from '../../engine/coevolution-check';
import { type LoopPosition, iterationStart, positionOfRecord } from '../../engine/loop-position';
import type { IterationSummary } from '../../engine/summary';
import type { EvaluationResult, PhaseRecord } from '../../engine/trace';
import { upgradeTrace } from '../../engine/trace-upgrade';

export interface RecordedRun {
  format: 'agent0-lab-run';
  version: 1;
  preset: PresetName;
  config: Agent0Config;
  backend: string;
  baseline: EvaluationResult | null;
  summaries: IterationSummary[];
  trace: PhaseRecord[];
  /** Agent0's Table 5 for this run (`npm run coevolution -- --run FILE --out FILE`); absent when not computed. */
  coevolution?: CoevolutionRow[];
}

/**
 * Check the envelope of a parsed file, and its Table 5 when it has one (refused whole if any cell is
 * wrong: src/engine/coevolution-check.ts); throws a ProblemError a teacher can act on. Traces recorded
 * by earlier builds come back in the current record shape (src/engine/trace-upgrade.ts).
 */
export function asRecordedRun(data: unknown): RecordedRun {
  const run = data as Partial<RecordedRun> | null;
  if (!run || run.format !== 'agent0-lab-run')
    throw new ProblemError([{ kind: 'wrong-format', format: 'agent0-lab-run' }]);
  if (run.version !== 1)
    throw new ProblemError([{ kind: 'wrong-version', format: 'agent0-lab-run', got: String(run.version) }]);
  if (!Array.isArray(run.trace) || !Array.isArray(run.summaries)) throw new ProblemError([{ kind: 'no-trace' }]);
  if (run.coevolution !== undefined) checkCoevolution(run.coevolution, run.summaries.length);
  return { ...(run as RecordedRun), trace: upgradeTrace(run.trace as PhaseRecord[]) };
}

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
