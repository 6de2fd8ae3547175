/** Colours: the Okabe–Ito palette (safe for the common colour-vision deficiencies). */
import { interpolateLab, scaleDiverging } from 'd3';

export const OKABE_ITO = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

export const POSITIVE = '#0072B2';
export const NEGATIVE = '#D55E00';
export const NEUTRAL = '#f2f2f2';
export const MASKED = '#9a9a9a';
/** Darker shades of the hues for text on white (at least 4.5:1; the hues themselves are for marks). */
export const TEXT_HUE = { orange: '#8a5a00', vermillion: '#a33c00', green: '#00785a' } as const;

/** Category colour (cycles after eight). */
export function category(i: number): string {
  return OKABE_ITO[((i % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length] as string;
}

/**
 * Diverging colour for a signed value: vermillion (negative) → light grey (0) → blue (positive).
 * `reach` < 1 stops short of the full hues, for backgrounds under dark text (0.75 keeps 4.5:1).
 */
export function divergingColor(maxAbs: number, reach = 1): (v: number) => string {
  const m = maxAbs > 0 ? maxAbs : 1;
  const neg = interpolateLab(NEGATIVE, NEUTRAL);
  const pos = interpolateLab(NEUTRAL, POSITIVE);
  return scaleDiverging<string>((t: number) => (t < 0.5 ? neg(1 - (1 - t * 2) * reach) : pos((t - 0.5) * 2 * reach)))
    .domain([-m, 0, m])
    .clamp(true);
}
