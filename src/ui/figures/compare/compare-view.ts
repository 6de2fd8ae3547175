/** The compare view's data: which runs it draws, in which style, and each metric's points per run. */
import type { MetricKey } from '../../../engine/loop/metrics';
import type { ComparedRun } from '../../state/compare.svelte';
import type { ForkParent } from '../../state/run.svelte';
import { baselineValue } from '../../lib/metrics';
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

/** The distinct base-model values of the runs for a metric (one line each). */
export function baseLines(runs: readonly DrawnRun[], key: MetricKey): number[] {
  const values = runs.flatMap((d) => {
    const v = baselineValue(d.run.baseline, key);
    return v === null ? [] : [v];
  });
  return [...new Set(values)];
}

/** Every iteration any of the runs reached, ascending. */
export function iterationsOf(runs: readonly DrawnRun[]): number[] {
  return [...new Set(runs.flatMap((d) => d.run.summaries.map((s) => s.iteration)))].sort((a, b) => a - b);
}
