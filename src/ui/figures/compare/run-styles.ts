/**
 * How the compare view tells runs apart without relying on colour alone: each run gets an
 * Okabe–Ito hue (safe for the common colour-vision deficiencies; the pale yellow is left out, it
 * fades on white), a dash pattern and a marker shape, all three cycling independently.
 */
import { OKABE_ITO } from '../../lib/palette';

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross';

export interface RunStyle {
  color: string;
  /** SVG stroke-dasharray ('' = solid). */
  dash: string;
  marker: MarkerShape;
}

const COLORS = OKABE_ITO.filter((c) => c !== OKABE_ITO[6]);
const DASHES = ['', '7 4', '2 3', '9 3 2 3', '4 2', '12 4'];
const MARKERS: MarkerShape[] = ['circle', 'square', 'triangle', 'diamond', 'cross'];

/** Style of the i-th run (0-based). Colours repeat after 7 runs, but never with the same dash and marker. */
export function runStyle(i: number): RunStyle {
  return {
    color: COLORS[i % COLORS.length] as string,
    dash: DASHES[i % DASHES.length] as string,
    marker: MARKERS[i % MARKERS.length] as MarkerShape,
  };
}

/** SVG path of a marker of half-size r centred on (x, y). */
export function markerPath(shape: MarkerShape, x: number, y: number, r: number): string {
  switch (shape) {
    case 'circle':
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 'square':
      return `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`;
    case 'triangle':
      return `M${x},${y - r * 1.15}L${x + r * 1.15},${y + r * 0.85}L${x - r * 1.15},${y + r * 0.85}Z`;
    case 'diamond':
      return `M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
  }
}

/**
 * One SVG path holding a marker of half-size r at every point: the markers of a series drawn as a
 * single element, `markerPath(shape, x(p₁), y(p₁), r) + markerPath(shape, x(p₂), y(p₂), r) + …`
 * (each marker starts with its own move-to, so the pieces stay apart).
 */
export function markersPath<P>(
  shape: MarkerShape,
  points: readonly P[],
  x: (p: P) => number,
  y: (p: P) => number,
  r: number,
): string {
  return points.map((p) => markerPath(shape, x(p), y(p), r)).join('');
}
