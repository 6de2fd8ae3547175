/**
 * Linked hovering: a formula term under the pointer lights the marks that feed it, and a mark under
 * the pointer (or keyboard focus) shows its numbers in the tooltip.
 *
 * Keyboard: Tab reaches the focusable marks (at least one in every view); from a focused mark the
 * arrow keys Left / Right (and Home / End) move to the previous / next mark of the same view,
 * including the marks left out of the Tab order.
 */
import type { Attachment } from 'svelte/attachments';

export const hover = $state<{ term: string | null; tip: { x: number; y: number; text: string } | null }>({
  term: null,
  tip: null,
});

export interface MarkOptions {
  /** The numbers of this mark, one fact per line (also its accessible name). */
  label: string;
  /** Formula terms this mark feeds (see Formula.svelte's \htmlData{term=…}). */
  terms?: readonly string[];
  /** In the Tab order (default true). Dense grids opt out but for one mark per view: the others are
   *  reached from it with the arrow keys (an explicit tabindex of -1, since Chromium otherwise puts
   *  every SVG element with a focus listener in the Tab order). */
  focusable?: boolean;
  /** Called when the mark is pointed at or focused (e.g. to substitute its numbers in a formula). */
  onshow?: () => void;
}

/** Every element drawn as a mark (for the arrow keys' walk through a view). */
const marks = new WeakSet<Element>();

/** Arrow keys on a focused mark: the previous / next (Home, End: first / last) mark of its view, in document order. */
function moveFocus(e: KeyboardEvent): void {
  const steps: Record<string, (i: number, n: number) => number> = {
    ArrowLeft: (i) => i - 1,
    ArrowRight: (i) => i + 1,
    Home: () => 0,
    End: (_, n) => n - 1,
  };
  const step = steps[e.key];
  const el = e.currentTarget as Element;
  if (!step || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const scope = el.closest('[data-view]') ?? el.parentElement;
  if (!scope) return;
  const all = [...scope.querySelectorAll('[role="img"][aria-label]')].filter((m) => marks.has(m));
  const target = all[Math.max(0, Math.min(all.length - 1, step(all.indexOf(el), all.length)))];
  e.preventDefault();
  if (target && target !== el) (target as HTMLElement | SVGElement).focus();
}

/** Make an SVG or HTML mark focusable, describable and linked to formula terms. */
export function mark(opts: MarkOptions): Attachment<Element> {
  return (el) => {
    el.setAttribute('tabindex', opts.focusable === false ? '-1' : '0');
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
    const events = [
      ['pointerenter', show],
      ['focus', show],
      ['pointerleave', hide],
      ['blur', hide],
      ['keydown', moveFocus],
    ] as const;
    for (const [name, fn] of events) el.addEventListener(name, fn as EventListener);
    marks.add(el);
    $effect(() => {
      el.classList.toggle('lit', hover.term !== null && (opts.terms ?? []).includes(hover.term));
    });
    return () => {
      for (const [name, fn] of events) el.removeEventListener(name, fn as EventListener);
      marks.delete(el);
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
