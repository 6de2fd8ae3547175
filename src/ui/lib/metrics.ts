/** The metrics drawn over iterations, read from the per-iteration summaries (and the base model's baseline). */
import type { IterationSummary } from '../../engine/summary';
import type { EvaluationResult } from '../../engine/trace';

export type MetricKey =
  | 'heldOutAccuracy'
  | 'pseudoLabelAccuracy'
  | 'questionerValidRate'
  | 'meanP'
  | 'inBandShare'
  | 'clusterCount'
  | 'toolUseRate'
  | 'kl'
  | 'clipLowFrac'
  | 'clipHighFrac';

export const METRICS: { key: MetricKey; label: string; share: boolean }[] = [
  { key: 'heldOutAccuracy', label: 'held-out accuracy', share: true },
  { key: 'pseudoLabelAccuracy', label: 'pseudo-label accuracy', share: true },
  { key: 'questionerValidRate', label: 'valid rate', share: true },
  { key: 'meanP', label: 'mean p', share: true },
  { key: 'inBandShare', label: 'in-band share', share: true },
  { key: 'clusterCount', label: 'clusters', share: false },
  { key: 'toolUseRate', label: 'tool use', share: true },
  { key: 'kl', label: 'KL', share: false },
  { key: 'clipLowFrac', label: 'low clip', share: true },
  { key: 'clipHighFrac', label: 'high clip', share: true },
];

/** Points (iteration, value) of a metric; iterations where it is undefined are left out. */
export function metricSeries(
  summaries: readonly IterationSummary[],
  key: MetricKey,
): { iteration: number; value: number }[] {
  return summaries.flatMap((s) => (s[key] === null ? [] : [{ iteration: s.iteration, value: s[key] as number }]));
}

/** The base model's value, where the baseline evaluation measures it. */
export function baselineValue(baseline: EvaluationResult | null, key: MetricKey): number | null {
  if (!baseline) return null;
  if (key === 'heldOutAccuracy') return baseline.accuracy;
  if (key === 'toolUseRate') return baseline.toolUseRate;
  return null;
}
