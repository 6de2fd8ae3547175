/** The paper's orderings checked on a recording: hand-computed gaps and standard errors. */
import { describe, expect, it } from 'vitest';
import { repairClaims } from '../../../src/repair/claims';
import type { RepairRunRecord } from '../../../src/repair/records';

/** A run of the named variant whose last evaluation scores `strict`; the model before training 0.4. */
const run = (name: string, strict: number) =>
  ({
    variant: { name },
    baseline: { strictAccuracy: 0.4 },
    iterations: [{ eval: { strictAccuracy: 0.1 } }, { eval: { strictAccuracy: strict } }],
  }) as unknown as RepairRunRecord;

describe('repairClaims', () => {
  it('tells holds, reversed and cannot-tell by two standard errors of the difference', () => {
    const runs = [
      run('binary-compile', 0.3),
      run('binary-strict', 0.62),
      run('layered', 0.5),
      run('layered+mean-preserving', 0.52),
      run('full', 0.55),
    ];
    const claims = repairClaims(runs, 100);
    expect(claims.map((c) => [c.id, c.outcome])).toEqual([
      // 0.5 − 0.3 = 0.2; se = √(0.25/100 + 0.21/100) = 0.0678; 0.2 ≥ 0.1356.
      ['layered-over-compile', 'holds'],
      // 0.5 − 0.62 = −0.12; se = √(0.25 + 0.2356)/10 = 0.0697; 0.12 < 0.1394.
      ['layered-over-strict', 'cannot-tell'],
      ['weights-over-layered', 'cannot-tell'],
      // 0.55 − 0.4 = 0.15; se = √(0.2475 + 0.24)/10 = 0.0698; 0.15 ≥ 0.1396.
      ['full-over-base', 'holds'],
    ]);
    expect(claims[0]?.gap.standardError).toBeCloseTo(Math.sqrt(0.0046), 12);
    expect(claims[3]?.gap.cost).toBeCloseTo(0.15, 12);
  });

  it('calls an ordering reversed when the lower side wins by two standard errors, and skips a missing variant', () => {
    const claims = repairClaims([run('binary-strict', 0.7), run('layered', 0.4)], 200);
    // 0.4 − 0.7 = −0.3; se = √(0.24/200 + 0.21/200) = 0.0474.
    expect(claims.map((c) => [c.id, c.outcome])).toEqual([['layered-over-strict', 'reversed']]);
  });
});
