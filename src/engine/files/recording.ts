/**
 * The recorded run (`npm run simulate -- --out FILE`, `npm run coevolution -- --out FILE`, the
 * shipped public/runs/*.json): the one place that writes it and reads it back, for the scripts and
 * the page alike. A recording is one JSON object, its keys in this order: format, version, preset,
 * config, backend, baseline, summaries, trace, and `coevolution` when the run has its Table 5.
 */
import type { Agent0Config, PresetName } from '../../core/config';
import { ProblemError } from '../../core/problem-error';
import { type CoevolutionRow, checkCoevolution } from './coevolution-table';
import type { Engine } from '../loop/engine';
import { type IterationSummary, completeSummary } from '../loop/summary';
import type { EvaluationResult, PhaseRecord } from '../loop/trace';
import { upgradeTrace } from './trace-upgrade';

export const RECORDING_FORMAT = 'agent0-lab-run';
export const RECORDING_VERSION = 1;

/** What a run holds that both of its files keep: the recording and the saved run's header (`.a0run`). */
export interface RunContent {
  config: Agent0Config;
  baseline: EvaluationResult | null;
  summaries: IterationSummary[];
  trace: PhaseRecord[];
}

export interface RecordedRun extends RunContent {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  preset: PresetName;
  backend: string;
  /** Agent0's Table 5 for this run (`npm run coevolution -- --run FILE --out FILE`); absent when not computed. */
  coevolution?: CoevolutionRow[];
}

/** The fields of a recording that are not its envelope (format and version). */
export type RecordingContent = Omit<RecordedRun, 'format' | 'version'>;

/** A recording of `content`, its keys in the file's order (absent `coevolution` stays absent). */
export function makeRecording(content: RecordingContent): RecordedRun {
  const { preset, config, backend, baseline, summaries, trace, coevolution } = content;
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    preset,
    config,
    backend,
    baseline,
    summaries,
    trace,
    ...(coevolution === undefined ? {} : { coevolution }),
  };
}

/** The recording of what `engine` has run so far, named after `preset`, with its Table 5 if given. */
export function recordingOf(engine: Engine, preset: PresetName, coevolution?: CoevolutionRow[]): RecordedRun {
  return makeRecording({
    preset,
    config: engine.config,
    backend: engine.backend,
    baseline: engine.baseline,
    summaries: engine.summaries,
    trace: engine.trace,
    ...(coevolution === undefined ? {} : { coevolution }),
  });
}

/** The file's text: one line of JSON, no trailing newline (as every shipped recording is written). */
export function encodeRecording(content: RecordingContent): string {
  return JSON.stringify(makeRecording(content));
}

/**
 * Check the envelope of a parsed file, and its Table 5 when it has one (refused whole if any cell is
 * wrong: src/engine/files/coevolution-table.ts); throws a ProblemError a teacher can act on. Traces recorded
 * by earlier builds come back in the current record shape (src/engine/files/trace-upgrade.ts).
 */
export function asRecordedRun(data: unknown): RecordedRun {
  const run = data as Partial<RecordedRun> | null;
  if (!run || run.format !== RECORDING_FORMAT)
    throw new ProblemError([{ kind: 'wrong-format', format: RECORDING_FORMAT }]);
  if (run.version !== RECORDING_VERSION)
    throw new ProblemError([{ kind: 'wrong-version', format: RECORDING_FORMAT, got: String(run.version) }]);
  if (!Array.isArray(run.trace) || !Array.isArray(run.summaries)) throw new ProblemError([{ kind: 'no-trace' }]);
  if (run.coevolution !== undefined) checkCoevolution(run.coevolution, run.summaries.length);
  return { ...(run as RecordedRun), trace: upgradeTrace(run.trace as PhaseRecord[]) };
}

/** A recording's text read and checked (asRecordedRun); a file that is not JSON is refused too. */
export function decodeRecording(text: string): RecordedRun {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProblemError([{ kind: 'file-unreadable' }]);
  }
  return asRecordedRun(data);
}

/**
 * The run's summaries as the page draws them: each completed from its iteration's trace records with
 * the figures added since the file was made (`completeSummary`: the by-level figures, newer metrics);
 * the file itself stays as written.
 */
export function completedSummaries(run: Pick<RecordedRun, 'summaries' | 'trace' | 'config'>): IterationSummary[] {
  return run.summaries.map((s) =>
    completeSummary(
      s,
      run.trace.filter((r) => r.iteration === s.iteration),
      run.config,
    ),
  );
}
