/** The per-iteration figures of the command line's table and JSON and of the curves, read off the trace. */
import type { Agent0Config } from '../../core/config';
import { type IterationRecords, type MetricKey, type MetricValues, METRICS } from './metrics';
import type { PhaseName, PhaseRecord, RecordOf } from './trace';

/**
 * One iteration: every metric of the table (src/engine/loop/metrics.ts), in its order, and the seconds
 * its phases took. Summaries saved before a metric existed lack its key: read values with
 * `metricValue`, which gives null for them.
 */
export type IterationSummary = { iteration: number } & MetricValues & { seconds: number };

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
  };
}

/** A summary as a file may hold it: some metrics may be missing (it predates them). */
export type StoredSummary = { iteration: number } & Partial<Record<MetricKey, number | null>>;

/** A metric's value in a summary; null where it was not measured or the summary predates the metric. */
export function metricValue(summary: Omit<StoredSummary, 'iteration'>, key: MetricKey): number | null {
  const v = summary[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
