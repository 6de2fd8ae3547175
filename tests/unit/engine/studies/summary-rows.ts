/** Test fixture: a run's summaries from [held-out accuracy, pseudo-label accuracy] per iteration 1, 2, …. */
import type { IterationSummary } from '../../../../src/engine/loop/summary';

export const summaryRows = (rows: [number, number | null][]) =>
  rows.map(([heldOutAccuracy, pseudoLabelAccuracy], i) => ({
    iteration: i + 1,
    heldOutAccuracy,
    pseudoLabelAccuracy,
  })) as IterationSummary[];
