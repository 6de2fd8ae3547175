/**
 * The points of one curve, drawn by a D3 join rather than a template block: a class runs many
 * iterations and every metric gains a point each time, so a point is a bare circle with attributes
 * (a plain mark, see primitives/hover.svelte.ts) and no effect, closure or object of its own. The join
 * is keyed by iteration: points already drawn keep their element (and the keyboard focus).
 */
import type { Attachment } from 'svelte/attachments';
import { plainMark } from '../../primitives/hover.svelte';
import { dropPlainMarks, joinPlainMarks } from '../../primitives/plain-mark-join';

export interface CurvePoint {
  iteration: number;
  value: number;
}

export interface CurvePointsOptions {
  /** Metric key, written to data-metric. */
  metric: string;
  fill: string;
  /** Pixel position of a point. */
  cx: (p: CurvePoint) => number;
  cy: (p: CurvePoint) => number;
  /** Tooltip text of a point (one fact per line). */
  label: (p: CurvePoint) => string;
  /** In the Tab order (the others of the view are reached with the arrow keys). */
  focusable: boolean;
}

/** On an SVG group: one circle (radius 4, data-mark="curve-point") per point, in iteration order. */
export function curvePoints(points: readonly CurvePoint[], o: CurvePointsOptions): Attachment<SVGGElement> {
  return (g) => {
    joinPlainMarks<SVGCircleElement, CurvePoint>(g, 'circle', 'curve-point', points, (p) => p.iteration)
      .attr('r', 4)
      .attr('data-metric', o.metric)
      .attr('data-value', (p) => p.value)
      .attr('cx', o.cx)
      .attr('cy', o.cy)
      .attr('fill', o.fill)
      .each(function (p) {
        plainMark(this, o.label(p), o.focusable);
      });
    return dropPlainMarks(g, 'circle');
  };
}
