/**
 * Agent0's Table 5 on the page: the colour of a pass rate (the comparison the view's sentence states
 * is `table5Finding`, src/engine/studies/table5-finding.ts).
 */
import { interpolateLab } from 'd3';
import { NEUTRAL, POSITIVE } from '../../lib/palette';

/** How far towards the full hue a pass rate of 1 goes: 0.75 keeps dark text at 4.5:1 (palette.ts). */
const REACH = 0.75;
const ramp = interpolateLab(NEUTRAL, POSITIVE);

/** Colour of a pass rate in [0, 1]: light grey (0) to blue (1); null (no cell) is white. */
export function passColor(p: number | null): string {
  return p === null ? '#ffffff' : ramp(Math.min(1, Math.max(0, p)) * REACH);
}
