/** The per-iteration figures of the command line's table and JSON and of the curves, read off the trace. */
import type { Agent0Config } from '../../core/config';
import { type LevelEvaluation, type LevelMix, levelMix } from './levels';
import { type IterationRecords, type MetricKey, type MetricValues, METRICS } from './metrics';
import type { PhaseName, PhaseRecord, RecordOf } from './trace';

/** The by-level figures of one iteration (src/engine/loop/levels.ts). */
export interface LevelSummary {
  /** The held-out evaluation per difficulty, the same shape as the base model's `byDifficulty`. */
  byDifficulty: LevelEvaluation[];
  /** Per difficulty: pool count, repeated-cluster share and curation-band admission share. */
  levels: LevelMix[];
}

/**
 * One iteration: every metric of the table (src/engine/loop/metrics.ts), in its order, the seconds
 * its phases took, and its by-level figures. Summaries saved before a metric existed lack its key:
 * read values with `metricValue`, which gives null for them; those saved before the by-level figures
 * lack `byDifficulty` and `levels` (a recording's are completed from its trace, `completeSummary`).
 */
export type IterationSummary = { iteration: number } & MetricValues & { seconds: number } & Partial<LevelSummary>;

/** Figures of one iteration from its records (curriculum figures averaged over its K steps) and its settings. */
export function summarizeIteration(records: PhaseRecord[], config: Agent0Config): IterationSummary {
  const of = <P extends PhaseName>(phase: P) => records.filter((r): r is RecordOf<P> => r.phase === phase);
  const evaluation = of('evaluation').at(-1);
  if (!evaluation) throw new Error('summarizeIteration: the iteration has no evaluation record.');
  const it: IterationRecords = { of, evaluation: evaluation.result, config };
  return {
    iteration: evaluation.iteration,
    ...(Object.fromEntries(METRICS.map((m) => [m.key, m.read(it)])) as MetricValues),
    seconds: records.reduce((s, r) => s + r.ms, 0) / 1000,
    ...levelSummary(it),
  };
}

/** The by-level figures of one iteration's records. */
export function levelSummary(it: Pick<IterationRecords, 'of' | 'evaluation'>): LevelSummary {
  return { byDifficulty: it.evaluation.byDifficulty.map((d) => ({ ...d })), levels: levelMix(it.of) };
}

/**
 * A stored summary completed from its iteration's records: every figure it holds kept as stored,
 * every one it lacks (a recording made before that figure existed) computed from the records as
 * `summarizeIteration` computes it. Unchanged when the records hold no evaluation or cannot be read.
 */
export function completeSummary(
  summary: IterationSummary,
  records: readonly PhaseRecord[],
  config: Agent0Config,
): IterationSummary {
  if (!records.some((r) => r.phase === 'evaluation')) return summary;
  try {
    return { ...summarizeIteration([...records], config), ...summary };
  } catch {
    return summary; // records of a shape no figure reads: what it lacks stays a gap
  }
}

/** A summary as a file may hold it: some metrics may be missing (it predates them). */
export type StoredSummary = { iteration: number } & Partial<Record<MetricKey, number | null>>;

/** A metric's value in a summary; null where it was not measured or the summary predates the metric. */
export function metricValue(summary: Omit<StoredSummary, 'iteration'>, key: MetricKey): number | null {
  const v = summary[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
