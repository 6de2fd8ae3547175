/**
 * How often the engine worker tells the page how far a phase has got. A classroom iteration
 * reports about a thousand counts (every decoding round of every generation turn, every program
 * written and run), and the page redrew its header for each of them: in Chromium with the classroom
 * preset, handling those messages and painting the page after them took about 5 s of the page's
 * thread per iteration, on a machine whose two cores the engine and Python also need
 * (`npm run bench -- tab`).
 *
 * A count reaches the page when it starts a new series, ends one, or comes at least `intervalMs`
 * after the last count sent:
 *
 *   send(kind, done, total) ⇔ kind = update steps ∨ (kind, total) ≠ last series ∨ done = total
 *                              ∨ now − last sent ≥ intervalMs
 *
 * where a series is one kind with one total (`tool calls` counts programs written so far as its
 * total, which grows as it goes, so its series is the kind alone). Update steps are few and each
 * is a step a class watches, so every one is sent. The count held back is not sent later: the next
 * one, the series' end or the phase's record replaces it.
 */
import type { ProgressKind, ProgressReport } from './context';

/** The least time between two counts of one series, in ms: ten a second at most. */
export const PROGRESS_INTERVAL_MS = 100;

/** `report`, called only for the counts the rule above lets through. */
export function throttledProgress(
  report: ProgressReport,
  intervalMs: number = PROGRESS_INTERVAL_MS,
  now: () => number = () => performance.now(),
): ProgressReport {
  let lastSeries: string | null = null;
  let lastSent = -Infinity;
  return (kind: ProgressKind, done: number, total: number) => {
    const series = kind === 'tool calls' ? kind : `${kind}/${total}`;
    const t = now();
    const send = kind === 'update steps' || series !== lastSeries || done === total || t - lastSent >= intervalMs;
    if (!send) return;
    lastSeries = series;
    lastSent = t;
    report(kind, done, total);
  };
}
