/**
 * Two scores a chapter can use as examples of the curation band: the lowest and the highest s = k/n
 * (n = labelling samples) that curation keeps, minScore ≤ k/n ≤ maxScore (docs/algorithms.md §1.4).
 * Null when no k/n lies in the band.
 */
export function bandExamples(
  samples: number,
  minScore: number,
  maxScore: number,
): { low: number; high: number; n: number } | null {
  const inBand = Array.from({ length: samples + 1 }, (_, k) => k).filter(
    (k) => k / samples >= minScore - 1e-12 && k / samples <= maxScore + 1e-12,
  );
  const low = inBand[0];
  const high = inBand.at(-1);
  return low === undefined || high === undefined ? null : { low, high, n: samples };
}
