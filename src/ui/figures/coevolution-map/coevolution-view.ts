/**
 * Agent0's Table 5 on the page: the colour of a pass rate on a scale fitted to the cells drawn (the
 * comparison the view's sentence states is `table5Finding`, src/engine/studies/table5-finding.ts).
 */
import { interpolateLab } from 'd3';
import { NEUTRAL, POSITIVE } from '../../lib/palette';

/** How far towards the full hue a pass rate of 1 goes: 0.75 keeps dark text at 4.5:1 (palette.ts). */
const REACH = 0.75;
const ramp = interpolateLab(NEUTRAL, POSITIVE);

/**
 * The pass rates the colours span: the lowest to the highest cell drawn (the run's and the paper's),
 * so 48 % and 86 % lie at the two ends rather than both near the middle of [0, 1]; [0, 1] when
 * there is no cell, and ±5 points around a single value.
 */
export function passDomain(values: readonly (number | null)[]): [number, number] {
  const cells = values.filter((v): v is number => v !== null);
  if (cells.length === 0) return [0, 1];
  const lo = Math.min(...cells);
  const hi = Math.max(...cells);
  return lo === hi ? [Math.max(0, lo - 0.05), Math.min(1, hi + 0.05)] : [lo, hi];
}

/**
 * Colour of a pass rate on `domain` [lo, hi]: t = (p − lo) / (hi − lo), clamped to [0, 1], from light
 * grey (t = 0) towards blue (t = 1); null (no cell) is white.
 */
export function passColor(p: number | null, domain: readonly [number, number] = [0, 1]): string {
  if (p === null) return '#ffffff';
  const [lo, hi] = domain;
  const t = hi > lo ? (p - lo) / (hi - lo) : 0.5;
  return ramp(Math.min(1, Math.max(0, t)) * REACH);
}
