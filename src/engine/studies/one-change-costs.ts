/**
 * What each released behaviour costs on its own, read from runs that change one behaviour at a
 * time against "as intended" (same model, preset, seed and held-out questions): the numbers of the
 * compare story's attribution. Nothing here is a fixed number; every value comes from the runs.
 */
import type { Agent0Config } from '../../core/config';
import { type AccuracyGap, accuracyGap, mean } from '../../core/stats';
import { DIFFICULTIES } from '../../core/tasks';
import { configDiff, flattenSettings } from '../files/config-diff';
import type { IterationSummary } from '../loop/summary';

export interface ChangeCost {
  /** The last iteration both runs reached, and how many iterations they share. */
  iteration: number;
  iterations: number;
  /** Held-out accuracy at that last iteration. */
  last: AccuracyGap;
  /** Held-out accuracy averaged over the shared iterations. */
  mean: AccuracyGap;
  /** Mean pseudo-label accuracy over the shared iterations where both runs have one (null: none). */
  pseudoIntended: number | null;
  pseudoChanged: number | null;
}

/** How many held-out questions a run's evaluation asks: questionsPerDifficulty × the difficulties. */
export function heldOutQuestions(config: Agent0Config): number {
  return config.evaluation.questionsPerDifficulty * DIFFICULTIES.length;
}

/** core/stats `mean`, or null where nothing was measured. */
const meanOrNull = (xs: number[]) => (xs.length === 0 ? null : mean(xs));

/**
 * The cost of a change over the iterations both runs reached: accuracyGap of the held-out
 * accuracies at the last of them, and of their means over all of them (the same standard error on
 * the means: the iterations are scored on the same questions, so their errors are not independent
 * and averaging is not credited with less noise); and both runs' mean pseudo-label accuracy over
 * the shared iterations where both labelled. Null when the runs share no iteration.
 */
export function changeCost(
  intended: readonly IterationSummary[],
  changed: readonly IterationSummary[],
  n: number,
): ChangeCost | null {
  const byIter = new Map(intended.map((s) => [s.iteration, s]));
  const shared = changed
    .filter((s) => byIter.has(s.iteration))
    .map((s) => [byIter.get(s.iteration) as IterationSummary, s] as const)
    .sort(([x], [y]) => x.iteration - y.iteration);
  const last = shared.at(-1);
  if (!last) return null;
  const labelled = shared.filter(([x, y]) => x.pseudoLabelAccuracy !== null && y.pseudoLabelAccuracy !== null);
  return {
    iteration: last[1].iteration,
    iterations: shared.length,
    last: accuracyGap(last[0].heldOutAccuracy, last[1].heldOutAccuracy, n),
    mean: accuracyGap(mean(shared.map(([x]) => x.heldOutAccuracy)), mean(shared.map(([, y]) => y.heldOutAccuracy)), n),
    pseudoIntended: meanOrNull(labelled.map(([x]) => x.pseudoLabelAccuracy as number)),
    pseudoChanged: meanOrNull(labelled.map(([, y]) => y.pseudoLabelAccuracy as number)),
  };
}

/**
 * The one-change run whose held-out accuracy averaged over the run falls the most below "as
 * intended" beyond noise (null when every such difference is noise or a gain): the setting the
 * story names as costing the most on its own.
 */
export function largestCost<T extends { cost: ChangeCost | null }>(changes: readonly T[]): T | null {
  const costOf = (c: T) => (c.cost && !c.cost.mean.withinNoise && c.cost.mean.cost > 0 ? c.cost.mean.cost : null);
  return changes.reduce<T | null>((best, c) => {
    const x = costOf(c);
    return x !== null && (best === null || x > (costOf(best) as number)) ? c : best;
  }, null);
}

/**
 * The settings in which a one-change run differs from "as intended" beyond the change it names
 * (`set`: dotted paths to values), and those of the change it does not hold; empty when the run is
 * exactly "as intended" with that change.
 */
export function unexpectedSettings(intended: Agent0Config, changed: Agent0Config, set: unknown): string[] {
  const want = new Map(flattenSettings(set));
  const differing = configDiff([intended, changed]).map((d) => d.path);
  const flatChanged = new Map(flattenSettings(changed));
  const extra = differing.filter((p) => !want.has(p));
  const missing = [...want]
    .filter(([p, v]) => JSON.stringify(flatChanged.get(p)) !== JSON.stringify(v))
    .map(([p]) => p);
  return [...extra, ...missing];
}
