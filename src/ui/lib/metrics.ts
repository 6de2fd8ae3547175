/**
 * The metrics drawn over iterations (the Curves and the compare view), read from the per-iteration
 * summaries and the base model's evaluation through the metric table (src/engine/loop/metrics.ts).
 */
import { line } from 'd3';
import type { Agent0Config } from '../../core/config';
import { type MetricKey, metricRow } from '../../engine/loop/metrics';
import { metricValue, type StoredSummary } from '../../engine/loop/summary';
import type { EvaluationResult } from '../../engine/loop/trace';
import type { FigureTexts } from '../text/figures-types';

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

/** The value at which a flat panel has a reason to give (a rate of 0 or 1 that says what happened). */
export const FLAT_EXPLAINED_AT = {
  clipLowFrac: '0',
  clipHighFrac: '0',
  questionerValidRate: '1',
  pseudoLabelAccuracy: '1',
  hardAccuracy: '0',
  hardToolUse: '0',
  toolUseRate: '0',
  toolCallsPerTask: '0',
} as const satisfies Partial<Record<MetricKey, string>>;
export type FlatExplained = keyof typeof FLAT_EXPLAINED_AT;

/**
 * The note under a flat panel: its value in every iteration (`value` as the metric prints it), and
 * what that means where the metric has a reason at that value. With one update per batch in both
 * roles the clip fractions are 0 because ρ = 1.
 */
export function flatNote(words: FigureTexts, key: MetricKey, value: string, config: Agent0Config | null): string {
  const lead = words.flatLead(value);
  if (!(key in FLAT_EXPLAINED_AT) || FLAT_EXPLAINED_AT[key as FlatExplained] !== value) return lead;
  const once = config !== null && config.questioner.updatesPerStep === 1 && config.executor.updatesPerStep === 1;
  return `${lead} ${words.flatWhy[key as FlatExplained](once)}`;
}
