/** Histogram of self-consistency scores s = k/n: one bin per possible k, flagged in or out of the band. */
export interface ScoreBin {
  k: number;
  s: number;
  count: number;
  inBand: boolean;
}

export function scoreBins(scores: readonly number[], samples: number, band: readonly [number, number]): ScoreBin[] {
  const bins: ScoreBin[] = Array.from({ length: samples + 1 }, (_, k) => {
    const s = k / samples;
    return { k, s, count: 0, inBand: s >= band[0] - 1e-12 && s <= band[1] + 1e-12 };
  });
  for (const s of scores) {
    const bin = bins[Math.round(s * samples)];
    if (bin) bin.count += 1;
  }
  return bins;
}
