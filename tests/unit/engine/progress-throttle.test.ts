/**
 * Which of a phase's counts the worker sends to the page (src/engine/progress-throttle.ts): the
 * first and last of a series, update steps always, and otherwise one per interval. Every expected
 * list is written out by hand from the rule, with a clock the test sets.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressKind } from '../../../src/engine/context';
import { PROGRESS_INTERVAL_MS, throttledProgress } from '../../../src/engine/progress-throttle';

type Count = [kind: ProgressKind, done: number, total: number];

/** Feeds `counts` at the given times (ms) and returns those that reached the page. */
function sent(counts: [at: number, count: Count][], intervalMs = 100): Count[] {
  const out: Count[] = [];
  let clock = 0;
  const report = throttledProgress(
    (kind, done, total) => out.push([kind, done, total]),
    intervalMs,
    () => clock,
  );
  for (const [at, count] of counts) {
    clock = at;
    report(...count);
  }
  return out;
}

describe('throttledProgress', () => {
  it('sends ten counts a second at most', () => {
    expect(PROGRESS_INTERVAL_MS).toBe(100);
  });

  it('keeps a series’ first count, one per interval after it, and its last', () => {
    // A turn of 32 sequences: rounds every 30 ms, one more sequence stopping each round.
    const rounds: [number, Count][] = Array.from({ length: 33 }, (_, i) => [30 * i, ['writing', i, 32]]);
    // 0 ms (first), 120 (0 + 100 passed at the fourth round), 240, 360, 480, 600, 720, 840, 960 (32 of 32: last).
    expect(sent(rounds)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32].map((i) => ['writing', i, 32]));
  });

  it('starts a new series at once when the total or the kind changes', () => {
    expect(
      sent([
        [0, ['writing', 0, 8]],
        [10, ['writing', 3, 8]], // held back
        [20, ['writing', 0, 5]], // a new turn of 5 sequences
        [30, ['tool calls', 0, 1]], // a new kind
        [40, ['tool calls', 0, 2]], // programs written so far grew: the same series, held back
        [50, ['tool calls', 1, 2]], // held back
        [60, ['tool calls', 2, 2]], // all written have run
        [70, ['tool calls', 2, 3]], // held back
        [170, ['tool calls', 2, 4]], // 110 ms after the last sent
      ]),
    ).toEqual([
      ['writing', 0, 8],
      ['writing', 0, 5],
      ['tool calls', 0, 1],
      ['tool calls', 2, 2],
      ['tool calls', 2, 4],
    ]);
  });

  it('sends every update step, however close together', () => {
    const steps: [number, Count][] = [0, 1, 2, 3, 4].map((done) => [done, ['update steps', done, 4]]);
    expect(sent(steps)).toEqual([0, 1, 2, 3, 4].map((done) => ['update steps', done, 4]));
  });

  it('measures the interval from the last count sent, not the last one seen', () => {
    expect(
      sent(
        [
          [0, ['writing', 0, 10]],
          [60, ['writing', 1, 10]], // held back
          [99, ['writing', 2, 10]], // held back: 99 ms since the last sent
          [100, ['writing', 3, 10]], // sent: 100 ms
          [150, ['writing', 4, 10]], // held back
        ],
        100,
      ),
    ).toEqual([
      ['writing', 0, 10],
      ['writing', 3, 10],
    ]);
  });
});
