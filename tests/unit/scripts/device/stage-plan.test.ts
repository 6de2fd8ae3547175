/**
 * The page bench's staging plan against the device tool's limits (its README): 64 MiB a call,
 * working tree included, and a command of at most 2,000 characters.
 */
import { describe, expect, it } from 'vitest';
import { partBudget, callCommands } from '../../../../scripts/device/stage-plan';

const MiB = 2 ** 20;

describe('partBudget', () => {
  it('leaves 64 MiB − tree − .gl − 2 MiB, whole MiB: 14.2 and 0.4 MiB → 47 MiB; 14.2 and 0.9 → 46', () => {
    expect(partBudget(14.2 * MiB, 0.4 * MiB)).toBe(47 * MiB);
    expect(partBudget(14.2 * MiB, 0.9 * MiB)).toBe(46 * MiB);
  });
  it('refuses a tree that leaves less than 8 MiB', () => {
    expect(() => partBudget(55 * MiB, 0)).toThrow('only 7.0 MiB is left');
  });
});

describe('callCommands', () => {
  const calls = callCommands(['part-01', 'part-02', 'part-03']).map(
    (l) => JSON.parse(l) as { command: string; carry: string[]; timeout_s: number },
  );
  it('stages every part in a call of its own and runs the bench in the last, with the Vulkan loader', () => {
    expect(calls.map((c) => c.carry)).toEqual([
      ['.device-stage/part-01', '.device-stage/manifest.txt'],
      ['.device-stage/part-02', '.device-stage/manifest.txt'],
      ['.device-stage/part-03', '.device-stage/manifest.txt', '.gl'],
    ]);
    expect(calls[2]?.command).toBe(
      'bash scripts/device/page-bench.sh stage part-03 && bash scripts/device/page-bench.sh run',
    );
    expect(calls[0]?.command).toBe('bash scripts/device/page-bench.sh stage part-01');
  });
  it('keeps each command within 2,000 characters and each timeout within 600 s', () => {
    for (const c of calls) {
      expect(c.command.length).toBeLessThanOrEqual(2000);
      expect(c.timeout_s).toBeLessThanOrEqual(600);
    }
  });
});
