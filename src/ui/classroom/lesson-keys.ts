/**
 * The lesson on two keys (a presenter remote has only "forward" and "back"): what Next does on the
 * screen on show, decided from where the screen stands. Next fills the screen first (runs the run
 * until its figure has data, or to the question a prediction asks), then reveals a prediction (the
 * deciding phase runs, with or without the class's digit), and only then moves to the next screen.
 * Back only moves: it never runs a phase. Digits 1–9 answer an open prediction.
 */

/** Where a screen stands, as the lesson panel sees it. */
export interface ScreenState {
  /** The screen asks a prediction. */
  predict: boolean;
  /**
   * A prediction's state: `waiting` (the run has not reached the question), `open` (asked, no answer
   * yet), `revealing` (answered, the deciding phase running), `revealed`.
   */
  prediction: 'waiting' | 'open' | 'revealing' | 'revealed';
  /** The figure the screen points at draws nothing yet (its phase has not run). */
  figureEmpty: boolean;
  /** The run can step one more phase (ready, idle, not ended, no error, a driver). */
  canStep: boolean;
  /** The lesson is stepping the run now. */
  advancing: boolean;
  /** The last screen. */
  last: boolean;
}

/** What Next does: run to the question, reveal the open prediction, run until the figure has data, move on, or nothing. */
export type NextAction = 'run-question' | 'reveal' | 'run-figure' | 'next-screen' | 'wait' | 'none';

/**
 * Next on a screen: fill it (a run it can still make), reveal its prediction, then move on. A screen
 * the run cannot fill any more (the recording has ended) lets Next move on rather than stall.
 */
export function nextAction(s: ScreenState): NextAction {
  if (s.advancing || s.prediction === 'revealing') return 'wait';
  if (s.predict) {
    if (s.prediction === 'waiting' && s.canStep) return 'run-question';
    if (s.prediction === 'open') return 'reveal';
  } else if (s.figureEmpty && s.canStep) return 'run-figure';
  return s.last ? 'none' : 'next-screen';
}

/** The lesson's keys: Next (→, Page Down, Space) and Back (←, Page Up), or a digit 1–9 that answers. */
export type LessonKey = { kind: 'next' } | { kind: 'back' } | { kind: 'digit'; digit: number };

const NEXT = new Set(['ArrowRight', 'PageDown', ' ']);
const BACK = new Set(['ArrowLeft', 'PageUp']);

/** The lesson key of a key press (`KeyboardEvent.key`), or null for a key the lesson leaves alone. */
export function lessonKey(key: string): LessonKey | null {
  if (NEXT.has(key)) return { kind: 'next' };
  if (BACK.has(key)) return { kind: 'back' };
  if (/^[1-9]$/.test(key)) return { kind: 'digit', digit: Number(key) };
  return null;
}

/**
 * A key press the page's shortcuts must leave alone: with a modifier held, or typed into a field
 * (an input, a text area, a menu of options, or editable text), where the key belongs to the field.
 */
export function typedIntoField(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  const el = e.target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable === true;
}
