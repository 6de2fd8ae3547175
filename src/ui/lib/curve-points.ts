/**
 * The points of one curve, drawn by a D3 join rather than a template block: a class runs many
 * iterations and every metric gains a point each time, so a point is a bare circle with attributes
 * (a plain mark, see state/hover.svelte.ts) and no effect, closure or object of its own. The join
 * is keyed by iteration: points already drawn keep their element (and the keyboard focus).
 */
import { select } from 'd3';
import type { Attachment } from 'svelte/attachments';
import { dropPlainMark, plainMark } from '../state/hover.svelte';

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
    select(g)
      .selectAll<SVGCircleElement, CurvePoint>('circle')
      .data(points, (p) => p.iteration)
      .join(
        (enter) => enter.append('circle').attr('data-mark', 'curve-point').attr('r', 4),
        (update) => update,
        (exit) =>
          exit
            .each(function () {
              dropPlainMark(this);
            })
            .remove(),
      )
      .order()
      .attr('data-metric', o.metric)
      .attr('data-value', (p) => p.value)
      .attr('cx', o.cx)
      .attr('cy', o.cy)
      .attr('fill', o.fill)
      .each(function (p) {
        plainMark(this, o.label(p), o.focusable);
      });
    // Redrawn or removed: a point pointed at or focused takes its tooltip with it (it comes back on the next pointer move or focus).
    return () => g.querySelectorAll('circle').forEach(dropPlainMark);
  };
}
