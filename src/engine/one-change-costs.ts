/**
 * What each released behaviour costs on its own, read from runs that change one behaviour at a
 * time against "as intended" (same model, preset, seed and held-out questions): the numbers of the
 * compare story's attribution. Nothing here is a fixed number; every value comes from the runs.
 */
import type { Agent0Config } from '../core/config';
import { DIFFICULTIES } from '../core/tasks';
import { configDiff, flattenSettings } from './config-diff';
import type { IterationSummary } from './summary';

/** A difference of held-out accuracy smaller than this many standard errors is told as noise. */
export const NOISE_STANDARD_ERRORS = 2;

export interface ChangeCost {
  /** The last iteration both runs reached, where held-out accuracy is compared. */
  iteration: number;
  /** Held-out accuracy there: as intended, and with the change. */
  intended: number;
  changed: number;
  /** intended − changed: positive when the change costs accuracy. */
  cost: number;
  /** Standard error of that difference, √(a(1−a)/n + b(1−b)/n) on n held-out questions. */
  standardError: number;
  /** |cost| < NOISE_STANDARD_ERRORS · standardError: one seed cannot tell it from chance. */
  withinNoise: boolean;
  /** Mean pseudo-label accuracy over the shared iterations where both runs have one (null: none). */
  pseudoIntended: number | null;
  pseudoChanged: number | null;
}

/** How many held-out questions a run's evaluation asks: questionsPerDifficulty × the difficulties. */
export function heldOutQuestions(config: Agent0Config): number {
  return config.evaluation.questionsPerDifficulty * DIFFICULTIES.length;
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);

/**
 * The cost of a change: at the last iteration both runs reached, with held-out accuracies a (as
 * intended) and b (changed) on n questions, cost = a − b, standard error
 * se = √(a(1−a)/n + b(1−b)/n), within noise when |a − b| < 2·se; and both runs' mean pseudo-label
 * accuracy over the shared iterations where both labelled. Null when the runs share no iteration.
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
  const [a, b] = [last[0].heldOutAccuracy, last[1].heldOutAccuracy];
  const standardError = Math.sqrt((a * (1 - a)) / n + (b * (1 - b)) / n);
  const labelled = shared.filter(([x, y]) => x.pseudoLabelAccuracy !== null && y.pseudoLabelAccuracy !== null);
  return {
    iteration: last[1].iteration,
    intended: a,
    changed: b,
    cost: a - b,
    standardError,
    withinNoise: Math.abs(a - b) < NOISE_STANDARD_ERRORS * standardError,
    pseudoIntended: mean(labelled.map(([x]) => x.pseudoLabelAccuracy as number)),
    pseudoChanged: mean(labelled.map(([, y]) => y.pseudoLabelAccuracy as number)),
  };
}

/**
 * The one-change run with the largest cost that is not within noise (null when every cost is
 * noise or a gain): the setting the story names as costing the most on its own.
 */
export function largestCost<T extends { cost: ChangeCost | null }>(changes: readonly T[]): T | null {
  return changes.reduce<T | null>(
    (best, c) =>
      c.cost && !c.cost.withinNoise && c.cost.cost > 0 && (!best?.cost || c.cost.cost > best.cost.cost) ? c : best,
    null,
  );
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
