/** A section in its own process: its result when it ends in time; cut at its bound with the figures it had. */
import { describe, expect, it } from 'vitest';
import { runBounded } from '../../../../scripts/bench/run-bounded';

const fixture = (file: string) => new URL(`./fixtures/${file}`, import.meta.url).pathname;

describe('runBounded', () => {
  it('returns the result of a section that ends within its bound', async () => {
    expect(await runBounded(fixture('quick-section.ts'), 60)).toEqual({ done: 42 });
  });

  it('stops a section at its bound and keeps what it reported, later figures winning', async () => {
    const t0 = performance.now();
    const result = await runBounded(fixture('slow-section.ts'), 8);
    const seconds = (performance.now() - t0) / 1000;
    expect(result).toEqual({
      first: 3,
      second: 2,
      cut: 'stopped at its bound of 8 s; the figures above are those it had by then',
    });
    // Stopped at the bound (8 s), not after the grace period a section that ignores SIGTERM gets.
    expect(seconds).toBeGreaterThanOrEqual(8);
    expect(seconds).toBeLessThan(8 + 10);
  });
});
