/**
 * The tokens of one sequence, drawn by a D3 join rather than a template block: a phase shows
 * hundreds of tokens and their number changes with every iteration, so a token is a bare span with
 * attributes (a plain mark, see primitives/hover.svelte.ts: its tooltip text in `data-tip`, the term it
 * feeds in `data-terms`) and no effect, closure or object of its own. Keyed by position in the sequence.
 */
import type { Attachment } from 'svelte/attachments';
import type { TokenDetail } from '../../../engine/loop/trace';
import { plainMark } from '../../primitives/hover.svelte';
import { dropPlainMarks, joinPlainMarks } from '../../primitives/plain-mark-join';

export interface TokenSpansOptions {
  /** Background of a trained token with advantage a. */
  color: (a: number) => string;
  /** How a piece is written on the page (e.g. a newline as ⏎). */
  shown: (piece: string) => string;
  /** Tooltip text of token i (one fact per line). */
  label: (i: number) => string;
  /** Whether the first token is in the Tab order (the others are reached with the arrow keys). */
  focusFirst: boolean;
}

/**
 * On an inline container: one span (class `tok`, plus `masked` where mask ≠ 1; data-mark="token",
 * data-mask, data-adv) per token of `d`, its background color(A) where trained.
 */
export function tokenSpans(d: TokenDetail, o: TokenSpansOptions): Attachment<HTMLElement> {
  return (el) => {
    const masked = (i: number) => d.mask[i] !== 1;
    const adv = (i: number) => d.advantage[i] ?? 0;
    joinPlainMarks<HTMLSpanElement, string>(el, 'span', 'token', d.pieces, (_, i) => i)
      .attr('class', (_, i) => (masked(i) ? 'tok masked' : 'tok'))
      .attr('data-mask', (_, i) => (masked(i) ? 0 : 1))
      .attr('data-adv', (_, i) => adv(i))
      .style('background', (_, i) => (masked(i) ? null : o.color(adv(i))))
      .text((piece) => o.shown(piece))
      .each(function (_, i) {
        plainMark(this, o.label(i), o.focusFirst && i === 0, ['A']);
      });
    return dropPlainMarks(el, 'span');
  };
}
