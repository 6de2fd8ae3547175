/**
 * Linked hovering: a formula term under the pointer lights the marks that feed it, and a mark under
 * the pointer (or keyboard focus) shows its numbers in the tooltip.
 *
 * Keyboard: Tab reaches the focusable marks (at least one in every view); from a focused mark the
 * arrow keys Left / Right (and Home / End) move to the previous / next mark of the same view,
 * including the marks left out of the Tab order.
 *
 * Memory: a view may draw hundreds of marks (the curves add one per metric every iteration), so a mark
 * holds no listener and no effect of its own. The options of a mark drawn by `mark` sit in a WeakMap
 * keyed by its element; a plain mark drawn by `plainMark` (no callback) carries only attributes,
 * its tooltip text in `data-tip` and its formula terms in `data-terms`. One set of delegated
 * listeners per document (pointer over / out, focus in / out, key down) finds the mark an event
 * concerns, and lighting a term walks the marks once when the term changes.
 */
import { untrack } from 'svelte';
import type { Attachment } from 'svelte/attachments';
import type { FormulaTerm } from '../../core/formula-terms';

export const hover = $state<{ term: string | null; tip: { x: number; y: number; text: string } | null }>({
  term: null,
  tip: null,
});

export interface MarkOptions {
  /** The numbers of this mark, one fact per line (also its accessible name). */
  label: string;
  /** Formula terms this mark feeds (see Formula.svelte's \htmlData{term=…}). */
  terms?: readonly FormulaTerm[];
  /** In the Tab order (default true). Dense grids opt out but for one mark per view: the others are
   *  reached from it with the arrow keys (an explicit tabindex of -1 keeps them focusable). */
  focusable?: boolean;
  /** Called when the mark is pointed at or focused (e.g. to substitute its numbers in a formula). */
  onshow?: () => void;
}

/** Every element drawn as a mark, with the options it was drawn with. */
const marks = new WeakMap<Element, MarkOptions>();
/** The documents whose delegated listeners are in place. */
const delegated = new WeakSet<Document>();
/** What a mark is recognised by in a query (a mark also sits in `marks` or carries `data-tip`). */
const MARK_SELECTOR = '[role="img"][aria-label]';

/** Where a plain mark keeps its tooltip text, and the formula terms it feeds (space-separated). */
const TIP = 'data-tip';
const TERMS = 'data-terms';

/** The options of the mark `el` (a plain mark's from its attributes); undefined when `el` is no mark. */
function optionsOf(el: Element): MarkOptions | undefined {
  const label = marks.has(el) ? null : el.getAttribute(TIP);
  return marks.get(el) ?? (label === null ? undefined : { label });
}

/** The marks at and above `node`, innermost first. */
function marksAt(node: EventTarget | null): Element[] {
  const found: Element[] = [];
  for (let el = node instanceof Element ? node : null; el; el = el.parentElement) if (optionsOf(el)) found.push(el);
  return found;
}

/** Put the tooltip over `el` with its numbers, and tell its view. */
function show(el: Element): void {
  const opts = optionsOf(el);
  if (!opts) return;
  const box = el.getBoundingClientRect();
  hover.tip = { x: box.left + box.width / 2, y: box.top, text: opts.label };
  opts.onshow?.();
}

/** Take the tooltip away if it shows `label`. */
function hide(label: string | null | undefined): void {
  if (label != null && hover.tip?.text === label) hover.tip = null;
}

/** Arrow keys on a focused mark: the previous / next (Home, End: first / last) mark of its view, in document order. */
function moveFocus(e: KeyboardEvent, el: Element): void {
  const steps: Record<string, (i: number, n: number) => number> = {
    ArrowLeft: (i) => i - 1,
    ArrowRight: (i) => i + 1,
    Home: () => 0,
    End: (_, n) => n - 1,
  };
  const step = steps[e.key];
  if (!step || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const scope = el.closest('[data-view]') ?? el.parentElement;
  if (!scope) return;
  const all = [...scope.querySelectorAll(MARK_SELECTOR)].filter((m) => optionsOf(m));
  const target = all[Math.max(0, Math.min(all.length - 1, step(all.indexOf(el), all.length)))];
  e.preventDefault();
  if (target && target !== el) (target as HTMLElement | SVGElement).focus();
}

/**
 * The delegated listeners, once per document. Pointer over / out stand for enter / leave: a mark is
 * entered when the pointer comes to it (or inside it) from outside it, left when the pointer goes from
 * inside it to outside it; entered marks are shown outermost first, so the innermost one keeps the tooltip.
 */
function delegate(doc: Document): void {
  if (delegated.has(doc)) return;
  delegated.add(doc);
  const outside = (m: Element, other: EventTarget | null) => !(other instanceof Node && m.contains(other));
  doc.addEventListener('pointerover', (e) => {
    for (const m of marksAt(e.target).reverse()) if (outside(m, e.relatedTarget)) show(m);
  });
  doc.addEventListener('pointerout', (e) => {
    for (const m of marksAt(e.target)) if (outside(m, e.relatedTarget)) hide(optionsOf(m)?.label);
  });
  doc.addEventListener('focusin', (e) => {
    if (e.target instanceof Element && optionsOf(e.target)) show(e.target);
  });
  doc.addEventListener('focusout', (e) => {
    if (e.target instanceof Element) hide(optionsOf(e.target)?.label);
  });
  doc.addEventListener('keydown', (e) => {
    const m = marksAt(e.target)[0];
    if (m) moveFocus(e, m);
  });
}

/** Whether `el` feeds the formula term `term` (a plain mark names its terms in `data-terms`). */
function feeds(el: Element, term: string | null): boolean {
  const terms: readonly string[] = marks.get(el)?.terms ?? el.getAttribute(TERMS)?.split(' ') ?? [];
  return term !== null && terms.includes(term);
}

/** The attributes every mark carries: in the Tab order or reached by the arrow keys, an image named by its numbers. */
function describe(el: Element, label: string, focusable: boolean | undefined): void {
  el.setAttribute('tabindex', focusable === false ? '-1' : '0');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label.replaceAll('\n', ', '));
}

/**
 * A plain mark drawn outside a template (e.g. by a D3 join): attributes only, its tooltip text in
 * `data-tip` and the formula terms it feeds in `data-terms`, so a view may draw many without keeping
 * an object per mark. Call `dropPlainMark` before removing one.
 */
export function plainMark(el: Element, label: string, focusable = true, terms: readonly FormulaTerm[] = []): void {
  describe(el, label, focusable);
  el.setAttribute(TIP, label);
  if (terms.length > 0) {
    el.setAttribute(TERMS, terms.join(' '));
    // Drawn while a term is lit: it takes the light (read untracked, as in `mark`).
    el.classList.toggle(
      'lit',
      feeds(
        el,
        untrack(() => hover.term),
      ),
    );
  } else el.removeAttribute(TERMS);
  delegate(el.ownerDocument);
}

/** A plain mark about to be removed takes its tooltip with it. */
export function dropPlainMark(el: Element): void {
  hide(el.getAttribute(TIP));
}

/** Make an SVG or HTML mark focusable, describable and linked to formula terms. */
export function mark(opts: MarkOptions): Attachment<Element> {
  return (el) => {
    describe(el, opts.label, opts.focusable);
    marks.set(el, opts);
    delegate(el.ownerDocument);
    // A mark drawn while a term is lit takes its light (read untracked: lighting reaches it in `lightTerm`).
    el.classList.toggle(
      'lit',
      feeds(
        el,
        untrack(() => hover.term),
      ),
    );
    return () => {
      if (marks.get(el) === opts) marks.delete(el);
      hide(opts.label); // a mark removed while pointed at or focused takes its tooltip with it
    };
  };
}

/** Light `term` (null: none): the marks that feed it get the class `lit`, the others lose it. */
function lightTerm(doc: Document, term: string | null): void {
  if (hover.term === term) return;
  hover.term = term;
  for (const el of doc.querySelectorAll(MARK_SELECTOR))
    if (marks.has(el) || el.hasAttribute(TERMS)) el.classList.toggle('lit', feeds(el, term));
}

/** On a typeset formula: the \htmlData{term=…} under the pointer becomes the lit term. */
export const termHover: Attachment<HTMLElement> = (el) => {
  const over = (e: PointerEvent) => {
    lightTerm(el.ownerDocument, (e.target as Element).closest('[data-term]')?.getAttribute('data-term') ?? null);
  };
  const leave = () => lightTerm(el.ownerDocument, null);
  el.addEventListener('pointerover', over);
  el.addEventListener('pointerleave', leave);
  return () => {
    el.removeEventListener('pointerover', over);
    el.removeEventListener('pointerleave', leave);
  };
};
