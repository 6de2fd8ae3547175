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

/**
 * A second set of hues (from Paul Tol's muted and vibrant palettes) for a run drawn beside recorded
 * ones in OKABE_ITO's colours: none is an Okabe–Ito hue, so a live line never reads as a recorded one.
 */
export const LIVE_RUN_COLORS = ['#332288', '#882255', '#117733', '#999933', '#AA4499', '#DDCC77', '#661100'] as const;

export const POSITIVE = '#0072B2';
export const NEGATIVE = '#D55E00';
export const NEUTRAL = '#f2f2f2';
export const MASKED = '#9a9a9a';
/** Darker shades of the hues for text on white (at least 4.5:1; the hues themselves are for marks). */
export const TEXT_HUE = { orange: '#8a5a00', vermillion: '#a33c00', green: '#00785a' } as const;

/**
 * The palette as CSS custom properties, set once on the document's root (`applyPalette`, main.ts):
 * components' styles write `var(--blue)`, never the hex, so every colour has this one source. (The
 * figure export reads computed styles, which hold the resolved colours.)
 */
export const PALETTE_CSS = {
  '--blue': OKABE_ITO[0],
  '--orange': OKABE_ITO[1],
  '--green': OKABE_ITO[2],
  '--pink': OKABE_ITO[3],
  '--sky': OKABE_ITO[4],
  '--vermillion': OKABE_ITO[5],
  '--yellow': OKABE_ITO[6],
  '--masked': MASKED,
  '--neutral': NEUTRAL,
  '--text-orange': TEXT_HUE.orange,
  '--text-vermillion': TEXT_HUE.vermillion,
  '--text-green': TEXT_HUE.green,
} as const;

/** Set PALETTE_CSS on `root` (the document's element). */
export function applyPalette(root: HTMLElement): void {
  for (const [name, value] of Object.entries(PALETTE_CSS)) root.style.setProperty(name, value);
}

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
