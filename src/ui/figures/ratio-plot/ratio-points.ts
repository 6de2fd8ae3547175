/** The per-token ratios of the sampled sequences, laid out one after another with each sequence's clip band. */
import type { ClipBranch } from '../../../core/loss';
import type { TokenDetail } from '../../../engine/loop/trace';

export interface RatioPoint {
  seq: number;
  token: number;
  /** Position along the x axis (trained tokens only, sequences side by side). */
  at: number;
  ratio: number;
  advantage: number;
  branch: ClipBranch;
}

export interface SequenceBand {
  seq: number;
  from: number;
  to: number;
  low: number;
  high: number;
}

/** `epsHighOf(seq)` gives each sequence's own ε_high (ADPO) or the fixed one (GRPO). */
export function ratioPoints(
  tokens: Record<number, TokenDetail>,
  epsLow: number,
  epsHighOf: (seq: number) => number,
): { points: RatioPoint[]; bands: SequenceBand[] } {
  const points: RatioPoint[] = [];
  const bands: SequenceBand[] = [];
  let at = 0;
  for (const [key, d] of Object.entries(tokens)) {
    const seq = Number(key);
    if (!d.ratio) continue;
    const from = at;
    d.mask.forEach((m, token) => {
      if (m !== 1) return;
      points.push({
        seq,
        token,
        at,
        ratio: d.ratio?.[token] ?? 1,
        advantage: d.advantage[token] ?? 0,
        branch: d.branch?.[token] ?? 'none',
      });
      at += 1;
    });
    bands.push({ seq, from, to: at, low: 1 - epsLow, high: 1 + epsHighOf(seq) });
    at += 2;
  }
  return { points, bands };
}

/**
 * The points outside their sequence's band that no clip touched: the clipped loss
 * L = max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)) takes the clipped term only where it is the
 * larger one, i.e. ρ > 1 + ε_high with A > 0, or ρ < 1 − ε_low with A < 0. Above the band with
 * A < 0 (or below it with A > 0) the unclipped term is larger, keeps its gradient, and pulls ρ back.
 */
export function unclippedOutside(points: readonly RatioPoint[], bands: readonly SequenceBand[]): RatioPoint[] {
  const band = new Map(bands.map((b) => [b.seq, b]));
  return points.filter((p) => {
    const b = band.get(p.seq);
    return p.branch === 'none' && b !== undefined && (p.ratio > b.high || p.ratio < b.low);
  });
}
