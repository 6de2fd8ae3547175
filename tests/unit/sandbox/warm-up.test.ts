/**
 * The programs each Python worker runs as it boots (src/sandbox/warm-up.ts): tool calls of the
 * kinds a run makes, the failing ones included, each run to its end.
 */
import { describe, expect, it } from 'vitest';
import { warmUpPrograms } from '../../../src/sandbox/warm-up.ts';
import { useNodeSandbox } from './node-sandbox.ts';

const { run } = useNodeSandbox();

describe('warm-up programs', () => {
  it('are all different, so that each one is parsed and compiled anew', () => {
    const programs = warmUpPrograms();
    expect(programs).toHaveLength(48);
    expect(new Set(programs).size).toBe(48);
  });

  it('print what a run’s programs print, and fail as a model’s programs fail (hand-computed)', async () => {
    const results = await Promise.all(warmUpPrograms(6).map((code) => run(code)));
    // a, b, c = i + 3, (7i mod 23) + 2, (5i mod 11) + 1
    expect(results.map((r) => r.stdout)).toEqual([
      '5\n', // 3 · 2 − 1
      '19\n', // 4 − (9 − 6 · 4)
      '21/11\n', // (5 + 16) / 11
      '116\n', // x = 6 + 23; 29 · 5 − 29
      '',
      '',
    ]);
    expect(results.slice(0, 4).every((r) => r.error === undefined)).toBe(true);
    expect(results[4]?.error).toMatch(/ZeroDivisionError/);
    expect(results[5]?.error).toMatch(/SyntaxError/);
  });

  it('all run to their end in the sandbox: the 16 of kinds 4 and 5 fail, the other 32 print one line', async () => {
    const results = await Promise.all(warmUpPrograms().map((code) => run(code)));
    const failing = results.filter((r) => r.error !== undefined);
    expect(failing).toHaveLength(16);
    expect(results.every((r) => !r.timedOut && !r.crashed)).toBe(true);
    expect(results.filter((r) => r.error === undefined && /^-?[\d/]+\n$/.test(r.stdout))).toHaveLength(32);
  });
});
