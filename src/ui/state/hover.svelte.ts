/**
 * Linked hovering: a formula term under the pointer lights the marks that feed it, and a mark under
 * the pointer (or keyboard focus) shows its numbers in the tooltip.
 */
import type { Attachment } from 'svelte/attachments';

export const hover = $state<{ term: string | null; tip: { x: number; y: number; text: string } | null }>({ term: null, tip: null });

export interface MarkOptions {
  /** The numbers of this mark, one fact per line (also its accessible name). */
  label: string;
  /** Formula terms this mark feeds (see Formula.svelte's \htmlData{term=…}). */
  terms?: readonly string[];
  /** In the Tab order (default true; dense grids opt out, their rows carry the same numbers). */
  focusable?: boolean;
  /** Called when the mark is pointed at or focused (e.g. to substitute its numbers in a formula). */
  onshow?: () => void;
}

/** Make an SVG or HTML mark focusable, describable and linked to formula terms. */
export function mark(opts: MarkOptions): Attachment<Element> {
  return (el) => {
    if (opts.focusable !== false) el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', opts.label.replaceAll('\n', ', '));
    const show = () => {
      const box = el.getBoundingClientRect();
      hover.tip = { x: box.left + box.width / 2, y: box.top, text: opts.label };
      opts.onshow?.();
    };
    const hide = () => {
      if (hover.tip?.text === opts.label) hover.tip = null;
    };
    const events = [['pointerenter', show], ['focus', show], ['pointerleave', hide], ['blur', hide]] as const;
    for (const [name, fn] of events) el.addEventListener(name, fn);
    $effect(() => {
      el.classList.toggle('lit', hover.term !== null && (opts.terms ?? []).includes(hover.term));
    });
    return () => {
      for (const [name, fn] of events) el.removeEventListener(name, fn);
      hide(); // a mark removed while pointed at or focused takes its tooltip with it
    };
  };
}

/** On a typeset formula: the \htmlData{term=…} under the pointer becomes the lit term. */
export const termHover: Attachment<HTMLElement> = (el) => {
  const over = (e: PointerEvent) => {
    hover.term = (e.target as Element).closest('[data-term]')?.getAttribute('data-term') ?? null;
  };
  const leave = () => {
    hover.term = null;
  };
  el.addEventListener('pointerover', over);
  el.addEventListener('pointerleave', leave);
  return () => {
    el.removeEventListener('pointerover', over);
    el.removeEventListener('pointerleave', leave);
  };
};
