/**
 * Where two runs part, read from their per-iteration summaries (the narrated comparison of "as
 * intended" and "as released"): nothing here is a fixed number, every iteration and value comes
 * from the runs given.
 */
import type { IterationSummary } from '../loop/summary';

export interface StoryPoint {
  iteration: number;
  /** The first run's value there (the reference, e.g. "as intended"), or null where undefined. */
  a: number | null;
  /** The second run's value there (e.g. "as released"). */
  b: number | null;
}

export interface PartingPoints {
  /** The iteration where the second run's held-out accuracy is highest (its first such iteration). */
  peakB: StoryPoint;
  /** The first iteration whose pseudo-label accuracy in the second run is below the iteration
   *  before it (null: it never falls); `before` is that previous value. */
  pseudoFallsB: (StoryPoint & { before: number }) | null;
  /** The iteration where held-out accuracy of the first run exceeds the second's the most
   *  (max over shared iterations of a − b; null when the first is never ahead). */
  widestGap: StoryPoint | null;
  /** The last iteration both runs reached. */
  last: StoryPoint;
  /** Lowest and highest pseudo-label accuracy of the second run (null when it never labelled). */
  pseudoRangeB: { min: number; max: number } | null;
}

const heldOut = (s: IterationSummary) => s.heldOutAccuracy;
const pseudo = (s: IterationSummary) => s.pseudoLabelAccuracy;

/** The parting points of runs `a` and `b` over the iterations both reached; null if they share none. */
export function partingPoints(a: readonly IterationSummary[], b: readonly IterationSummary[]): PartingPoints | null {
  const byIter = new Map(a.map((s) => [s.iteration, s]));
  const shared = b.filter((s) => byIter.has(s.iteration)).sort((x, y) => x.iteration - y.iteration);
  if (shared.length === 0) return null;
  const point = (s: IterationSummary, f: (s: IterationSummary) => number | null): StoryPoint => ({
    iteration: s.iteration,
    a: f(byIter.get(s.iteration) as IterationSummary),
    b: f(s),
  });
  const peak = shared.reduce((best, s) => (s.heldOutAccuracy > best.heldOutAccuracy ? s : best));
  let pseudoFallsB: PartingPoints['pseudoFallsB'] = null;
  for (let i = 1; i < shared.length && !pseudoFallsB; i++) {
    const [prev, cur] = [pseudo(shared[i - 1] as IterationSummary), pseudo(shared[i] as IterationSummary)];
    if (prev !== null && cur !== null && cur < prev)
      pseudoFallsB = { ...point(shared[i] as IterationSummary, pseudo), before: prev };
  }
  let widestGap: StoryPoint | null = null;
  for (const s of shared) {
    const gap = (byIter.get(s.iteration) as IterationSummary).heldOutAccuracy - s.heldOutAccuracy;
    if (gap > 0 && (widestGap === null || gap > (widestGap.a as number) - (widestGap.b as number)))
      widestGap = point(s, heldOut);
  }
  const labels = shared.map(pseudo).filter((v): v is number => v !== null);
  return {
    peakB: point(peak, heldOut),
    pseudoFallsB,
    widestGap,
    last: point(shared.at(-1) as IterationSummary, heldOut),
    pseudoRangeB: labels.length > 0 ? { min: Math.min(...labels), max: Math.max(...labels) } : null,
  };
}
