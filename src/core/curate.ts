/** Curation band (docs/algorithms.md §1.4): keep questions whose self-labelling score lies in [min, max]. */

export interface CurationBand {
  minScore: number;
  maxScore: number;
}

export interface Curated<T> {
  kept: T[];
  dropped: T[];
}

/** Tolerance so that e.g. s = 0.8 computed as 8/10 counts as inside an upper bound of 0.8. */
const TOLERANCE = 1e-9;

/** minScore ≤ s ≤ maxScore, both inclusive (the run's `curation` band); order is preserved. */
export function curate<T extends { score: number }>(items: readonly T[], band: CurationBand): Curated<T> {
  if (!(band.minScore <= band.maxScore)) {
    throw new Error(`curate: minScore (${band.minScore}) must not exceed maxScore (${band.maxScore}).`);
  }
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const item of items) {
    const inBand = item.score >= band.minScore - TOLERANCE && item.score <= band.maxScore + TOLERANCE;
    (inBand ? kept : dropped).push(item);
  }
  return { kept, dropped };
}
