/**
 * The metrics drawn over iterations (the Curves and the compare view), read from the per-iteration
 * summaries and the base model's evaluation through the metric table (src/engine/metrics.ts).
 */
import { line } from 'd3';
import { type MetricKey, metricRow } from '../../engine/metrics';
import { metricValue, type StoredSummary } from '../../engine/summary';
import type { EvaluationResult } from '../../engine/trace';

export interface SeriesPoint {
  iteration: number;
  /** Null where the iteration did not measure the metric, or its summary predates the metric. */
  value: number | null;
}

/** A measured point of a series. */
export type DrawnPoint = { iteration: number; value: number };

/** One point per summary, in their order; unmeasured values are null (a gap in the line). */
export function metricSeries(summaries: readonly StoredSummary[], key: MetricKey): SeriesPoint[] {
  return summaries.map((s) => ({ iteration: s.iteration, value: metricValue(s, key) }));
}

/** The points of a series that have a value (the markers). */
export function drawnPoints(series: readonly SeriesPoint[]): DrawnPoint[] {
  return series.filter((p): p is DrawnPoint => p.value !== null);
}

/** SVG path of a series: a line through the measured points, broken where a value is missing. */
export function seriesPath(
  series: readonly SeriesPoint[],
  x: (iteration: number) => number,
  y: (value: number) => number,
): string {
  return (
    line<SeriesPoint>()
      .defined((p) => p.value !== null)
      .x((p) => x(p.iteration))
      .y((p) => y(p.value as number))(series) ?? ''
  );
}

/** The base model's value, where the baseline evaluation measures the metric. */
export function baselineValue(baseline: EvaluationResult | null, key: MetricKey): number | null {
  const read = metricRow(key).baseline;
  return baseline && read ? read(baseline) : null;
}

/**
 * The value of a series that is the same at every measured point (a flat line), or null when it
 * changes or has fewer than two points: values equal when |a − b| < 1e-12.
 */
export function flatValue(points: readonly DrawnPoint[]): number | null {
  const first = points[0];
  if (!first || points.length < 2) return null;
  return points.every((p) => Math.abs(p.value - first.value) < 1e-12) ? first.value : null;
}
