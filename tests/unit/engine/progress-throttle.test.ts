/**
 * Which of a phase's counts the worker sends to the page, and when (src/engine/progress-throttle.ts):
 * update steps at once; any other count at once when the last one sent is at least an interval old,
 * otherwise the latest of them one interval after the last sent, unless dropped first. Every
 * expected list is written out by hand from the rule, with a clock and timers the test drives.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressKind } from '../../../src/engine/loop/context';
import { PROGRESS_INTERVAL_MS, type ThrottleClock, throttledProgress } from '../../../src/engine/progress-throttle';

type Count = [kind: ProgressKind, done: number, total: number];
type Sent = [at: number, ...Count];
/** A count reported at a time (ms), or 'drop' at a time. */
type Event = [at: number, Count | 'drop'];

/** A clock the test moves: timers fire, in order, as time passes them. */
function manualClock(): ThrottleClock & { advanceTo(t: number): void } {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    later(callback, ms) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return { cancel: () => (timers = timers.filter((t) => t !== timer)) };
    },
    advanceTo(t) {
      for (;;) {
        const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((x) => x !== due);
        now = due.at;
        due.callback();
      }
      now = t;
    },
  };
}

/** Feeds `events` at their times, then lets `until` ms pass; returns what reached the page, and when. */
function sent(events: Event[], intervalMs = 100, until = 10_000): Sent[] {
  const out: Sent[] = [];
  const clock = manualClock();
  const throttle = throttledProgress(
    (kind, done, total) => out.push([clock.now(), kind, done, total]),
    intervalMs,
    clock,
  );
  for (const [at, event] of events) {
    clock.advanceTo(at);
    if (event === 'drop') throttle.drop();
    else throttle.report(...event);
  }
  clock.advanceTo(until);
  return out;
}

describe('throttledProgress', () => {
  it('sends four counts a second at most, besides update steps', () => {
    expect(PROGRESS_INTERVAL_MS).toBe(250);
  });

  it('sends the first count at once and then the latest count once per interval', () => {
    // A turn of 32 sequences: the first count at 0, then a round every 30 ms (31, 61, …, 961 ms),
    // one more sequence stopping each round; off the hundreds, so no round meets a timer.
    const rounds: Event[] = Array.from({ length: 33 }, (_, i) => [i === 0 ? 0 : 30 * i + 1, ['writing', i, 32]]);
    // 0: sent. 31, 61, 91 held, the latest sent at 100 (3); 121–181 at 200 (6); 211–271 at 300 (9);
    // 301–391 at 400 (13); 421–481 at 500 (16); 511–571 at 600 (19); 601–691 at 700 (23); 721–781
    // at 800 (26); 811–871 at 900 (29); 901–961 at 1000 (32 of 32).
    expect(sent(rounds)).toEqual([
      [0, 'writing', 0, 32],
      [100, 'writing', 3, 32],
      [200, 'writing', 6, 32],
      [300, 'writing', 9, 32],
      [400, 'writing', 13, 32],
      [500, 'writing', 16, 32],
      [600, 'writing', 19, 32],
      [700, 'writing', 23, 32],
      [800, 'writing', 26, 32],
      [900, 'writing', 29, 32],
      [1000, 'writing', 32, 32],
    ]);
  });

  it('lets a new series wait its turn like any other count', () => {
    expect(
      sent([
        [0, ['writing', 0, 8]],
        [10, ['writing', 8, 8]], // held
        [20, ['tool calls', 0, 3]], // replaces it
        [60, ['tool calls', 3, 3]], // replaces that: sent at 100
        [150, ['writing', 0, 5]], // held (50 ms after the last sent)
        [320, ['writing', 5, 5]], // sent at 200 already, so 120 ms old: at once
      ]),
    ).toEqual([
      [0, 'writing', 0, 8],
      [100, 'tool calls', 3, 3],
      [200, 'writing', 0, 5],
      [320, 'writing', 5, 5],
    ]);
  });

  it('sends every update step at once, however close together, and they supersede a held count', () => {
    expect(
      sent([
        [0, ['writing', 4, 4]],
        [5, ['tool calls', 1, 1]], // held …
        [6, ['update steps', 0, 4]], // … and superseded
        [7, ['update steps', 1, 4]],
        [8, ['update steps', 2, 4]],
        [50, ['writing', 0, 2]], // held: 42 ms after the last step; sent at 108
      ]),
    ).toEqual([
      [0, 'writing', 4, 4],
      [6, 'update steps', 0, 4],
      [7, 'update steps', 1, 4],
      [8, 'update steps', 2, 4],
      [108, 'writing', 0, 2],
    ]);
  });

  it('forgets a held count when the worker sends anything else first', () => {
    expect(
      sent([
        [0, ['writing', 0, 4]],
        [40, ['writing', 4, 4]], // held …
        [50, 'drop'], // … the phase's record went out: never sent
        [120, ['writing', 0, 6]], // 120 ms after the last sent: at once
      ]),
    ).toEqual([
      [0, 'writing', 0, 4],
      [120, 'writing', 0, 6],
    ]);
  });

  it('measures the interval from the last count sent, not the last one seen', () => {
    expect(
      sent([
        [0, ['writing', 0, 10]],
        [60, ['writing', 1, 10]], // held
        [99, ['writing', 2, 10]], // held, replacing it: sent at 100
        [150, ['writing', 4, 10]], // held: 50 ms after 100, sent at 200
      ]),
    ).toEqual([
      [0, 'writing', 0, 10],
      [100, 'writing', 2, 10],
      [200, 'writing', 4, 10],
    ]);
  });
});
