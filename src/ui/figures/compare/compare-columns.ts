/**
 * The iteration columns of a compare panel, drawn by a D3 join rather than a template block: every
 * panel gains a column each iteration, so a column is a bare transparent rect with attributes (a
 * plain mark, see primitives/hover.svelte.ts: its tooltip text in `data-tip`) and no effect, closure or
 * object of its own. The join is keyed by iteration: columns already drawn keep their element (and
 * the keyboard focus).
 */
import type { Attachment } from 'svelte/attachments';
import { plainMark } from '../../primitives/hover.svelte';
import { dropPlainMarks, joinPlainMarks } from '../../primitives/plain-mark-join';

export interface CompareColumnsOptions {
  /** Pixel centre of iteration i's column. */
  cx: (i: number) => number;
  /** Half the column's width (half the distance between two iterations). */
  half: number;
  /** Top of the plot area and its height. */
  top: number;
  height: number;
  /** Tooltip text of iteration i's column (one fact per line). */
  label: (i: number) => string;
  /** Whether the first column is in the Tab order (the others are reached with the arrow keys). */
  focusFirst: boolean;
}

/** On an SVG group: one rect (data-mark="compare-iteration") per iteration, spanning x = cx(i) ± half. */
export function compareColumns(iterations: readonly number[], o: CompareColumnsOptions): Attachment<SVGGElement> {
  return (g) => {
    joinPlainMarks<SVGRectElement, number>(g, 'rect', 'compare-iteration', iterations, (i) => i)
      .attr('fill', 'transparent')
      .attr('data-iteration', (i) => i)
      .attr('x', (i) => o.cx(i) - o.half)
      .attr('y', o.top)
      .attr('width', o.half * 2)
      .attr('height', o.height)
      .each(function (i, k) {
        plainMark(this, o.label(i), o.focusFirst && k === 0);
      });
    return dropPlainMarks(g, 'rect');
  };
}
