/** The compare view's data: which runs it draws, in which style, and each metric's points per run. */
import type { IterationSummary } from '../../engine/summary';
import type { ComparedRun } from '../state/compare.svelte';
import type { ForkParent } from '../state/run.svelte';
import type { EvaluationResult } from '../../engine/trace';
import { mean } from '../../core/stats';
import { baselineValue, type MetricKey, METRICS } from './metrics';
import { type RunStyle, runStyle } from './run-styles';

export interface DrawnRun {
  run: ComparedRun;
  style: RunStyle;
  hidden: boolean;
}

/** The run on screen and its fork parents as compared runs (labels worded by the caller). */
export function runsOnScreen(
  onScreen: Omit<ComparedRun, 'id' | 'label'> | null,
  parents: readonly ForkParent[],
  words: { onScreen: string; parent: (at: number) => string; fork: (at: number, changes: string) => string },
): ComparedRun[] {
  const out: ComparedRun[] = parents.map((p, i) => ({
    id: `parent-${i}`,
    label: words.parent(p.at),
    preset: null,
    config: p.config,
    baseline: p.baseline,
    summaries: p.summaries,
  }));
  const last = parents.at(-1);
  if (onScreen)
    out.push({
      id: 'live',
      label: last ? words.fork(last.at, last.changes.join(', ')) : words.onScreen,
      ...onScreen,
    });
  return out;
}

/** Styles follow the order of the list (hiding a run keeps every style; removing one shifts those after it). */
export function drawnRuns(runs: readonly ComparedRun[], hidden: readonly string[]): DrawnRun[] {
  return runs.map((run, i) => ({ run, style: runStyle(i), hidden: hidden.includes(run.id) }));
}

/** Every per-iteration figure of `IterationSummary` but its seconds: the Curves' metrics and the hard-question ones. */
export type CompareMetric = MetricKey | 'hardAccuracy' | 'hardToolUse';

export const COMPARE_METRICS: { key: CompareMetric; share: boolean }[] = [
  ...METRICS.map(({ key, share }) => ({ key, share })),
  { key: 'hardAccuracy', share: true },
  { key: 'hardToolUse', share: true },
];

/** A metric's points of one run (iterations where it is undefined left out). */
export function runPoints(
  summaries: readonly IterationSummary[],
  key: CompareMetric,
): { iteration: number; value: number }[] {
  return summaries.flatMap((s) => (s[key] === null ? [] : [{ iteration: s.iteration, value: s[key] as number }]));
}

/**
 * The base model's value of a metric, where its evaluation measures it; the hard-question figures
 * average difficulties 4 and 5 as `summarizeIteration` does (src/engine/summary.ts).
 */
export function baseValue(baseline: EvaluationResult | null, key: CompareMetric): number | null {
  if (!baseline) return null;
  const hard = baseline.byDifficulty.filter((d) => d.difficulty >= 4);
  if (key === 'hardAccuracy') return hard.length > 0 ? mean(hard.map((d) => d.accuracy)) : null;
  if (key === 'hardToolUse') return hard.length > 0 ? mean(hard.map((d) => d.toolUse)) : null;
  return baselineValue(baseline, key);
}

/** The distinct base-model values of the runs for a metric (one line each). */
export function baseLines(runs: readonly DrawnRun[], key: CompareMetric): number[] {
  const values = runs.flatMap((d) => {
    const v = baseValue(d.run.baseline, key);
    return v === null ? [] : [v];
  });
  return [...new Set(values)];
}

/** Every iteration any of the runs reached, ascending. */
export function iterationsOf(runs: readonly DrawnRun[]): number[] {
  return [...new Set(runs.flatMap((d) => d.run.summaries.map((s) => s.iteration)))].sort((a, b) => a - b);
}
