/**
 * The keyed D3 join every growing mark layer uses (curve points, compare columns, ratio points,
 * tokens): one element per datum, with plain-mark tooltips (hover.svelte.ts) and no effect,
 * closure or object per mark. Elements already drawn keep their node (and the keyboard focus);
 * leaving ones drop their tooltip before they go.
 */
import { type Selection, select } from 'd3';
import { dropPlainMark } from './hover.svelte';

/** Join `data` to `tag` children of `parent` (new ones get data-mark=`mark`), in data order. */
export function joinPlainMarks<E extends Element, D>(
  parent: Element,
  tag: string,
  mark: string,
  data: readonly D[],
  key: (d: D, i: number) => string | number,
): Selection<E, D, Element, unknown> {
  return select(parent)
    .selectAll<E, D>(tag)
    .data(data, key)
    .join(
      (enter) => enter.append<E>(tag).attr('data-mark', mark),
      (update) => update,
      (exit) =>
        exit
          .each(function () {
            dropPlainMark(this);
          })
          .remove(),
    )
    .order();
}

/** An attachment's cleanup: on redraw or removal, a mark pointed at or focused takes its tooltip with it. */
export function dropPlainMarks(parent: Element, tag: string): () => void {
  return () => parent.querySelectorAll(tag).forEach(dropPlainMark);
}
