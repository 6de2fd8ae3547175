/**
 * How often the engine worker tells the page how far a phase has got. A classroom iteration
 * reports about 1,500 counts (every decoding round of every generation turn, every program written
 * and run), in about 45 series (one kind with one total), most of them over in less than 0.1 s.
 * Every count that reaches the page changes its header, and every change costs the page a style,
 * layout, paint and hit-test pass over the whole page. In Chromium with the classroom preset
 * (traced, production build, iteration 2, on a machine whose two cores the engine and Python also
 * need), the 93 counts an iteration sent when each series' first and last count went through left
 * the page's thread 1.25–1.41 s of work, against 0.86–0.99 s with no count drawn at all; with the
 * rule below, about 25 counts and 0.98–1.17 s (docs/performance.md).
 *
 * A count goes to the page at once when it is an update step (few, and each a step a class
 * watches) or when the last count sent is at least `intervalMs` old:
 *
 *   send now(kind, done, total) ⇔ kind = update steps ∨ now − lastSent ≥ intervalMs
 *
 * Any other count is held back, replacing the one held before it, and sent at lastSent +
 * intervalMs, so the page is never more than one interval behind the engine; `drop` forgets it (the
 * worker calls it before any other message, such as the phase's record, which supersedes it).
 */
import type { ProgressKind, ProgressReport } from './loop/context';

/** The least time between two counts sent, in ms: four a second at most, besides update steps. */
export const PROGRESS_INTERVAL_MS = 250;

/** The clock the throttle reads and the timer it sets (performance.now and setTimeout by default). */
export interface ThrottleClock {
  now(): number;
  later(callback: () => void, ms: number): { cancel(): void };
}

const realClock: ThrottleClock = {
  now: () => performance.now(),
  later(callback, ms) {
    const handle = setTimeout(callback, ms);
    return { cancel: () => clearTimeout(handle) };
  },
};

/** The engine's progress callback, throttled by the rule above, and a way to forget a held count. */
export interface ProgressThrottle {
  report: ProgressReport;
  drop(): void;
}

/** `send`, called only for the counts the rule above lets through, when it lets them through. */
export function throttledProgress(
  send: ProgressReport,
  intervalMs: number = PROGRESS_INTERVAL_MS,
  clock: ThrottleClock = realClock,
): ProgressThrottle {
  let lastSent = -Infinity;
  let held: [kind: ProgressKind, done: number, total: number] | null = null;
  let timer: { cancel(): void } | null = null;
  const drop = () => {
    held = null;
    timer?.cancel();
    timer = null;
  };
  const sendNow = (kind: ProgressKind, done: number, total: number) => {
    drop();
    lastSent = clock.now();
    send(kind, done, total);
  };
  return {
    report(kind, done, total) {
      if (kind === 'update steps' || clock.now() - lastSent >= intervalMs) {
        sendNow(kind, done, total);
        return;
      }
      held = [kind, done, total];
      timer ??= clock.later(
        () => {
          timer = null;
          if (held) sendNow(...held);
        },
        lastSent + intervalMs - clock.now(),
      );
    },
    drop,
  };
}
