/**
 * The per-token ratio points of a ratio plot, drawn by a D3 join rather than a template block: a
 * phase plots hundreds of trained tokens and their number changes with every iteration, so a point
 * is a bare circle with attributes (a plain mark, see primitives/hover.svelte.ts: its tooltip text in
 * `data-tip`, the term it feeds in `data-terms`) and no effect, closure or object of its own.
 * Keyed by sequence and token.
 */
import type { Attachment } from 'svelte/attachments';
import { plainMark } from '../../primitives/hover.svelte';
import { dropPlainMarks, joinPlainMarks } from '../../primitives/plain-mark-join';
import type { RatioPoint } from './ratio-points';

export interface RatioMarksOptions {
  /** Pixel position of a point. */
  cx: (p: RatioPoint) => number;
  cy: (p: RatioPoint) => number;
  /** Fill of a point (by its clip branch). */
  fill: (p: RatioPoint) => string;
  /** Tooltip text of a point (one fact per line). */
  label: (p: RatioPoint) => string;
}

/** On an SVG group: one circle (data-mark="ratio", radius 2 unclipped, 3.5 clipped) per point, out of the Tab order. */
export function ratioMarks(points: readonly RatioPoint[], o: RatioMarksOptions): Attachment<SVGGElement> {
  return (g) => {
    joinPlainMarks<SVGCircleElement, RatioPoint>(g, 'circle', 'ratio', points, (p) => `${p.seq}-${p.token}`)
      .attr('data-branch', (p) => p.branch)
      .attr('data-value', (p) => p.ratio)
      .attr('cx', o.cx)
      .attr('cy', o.cy)
      .attr('r', (p) => (p.branch === 'none' ? 2 : 3.5))
      .attr('fill', o.fill)
      .each(function (p) {
        plainMark(this, o.label(p), false, ['rho']);
      });
    return dropPlainMarks(g, 'circle');
  };
}
