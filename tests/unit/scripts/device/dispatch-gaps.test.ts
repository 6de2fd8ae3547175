/** Dispatches per step from the counts noted at a marker kernel's calls, hand-computed. */
import { describe, expect, it } from 'vitest';
import { stepDispatches } from '../../../../scripts/device/dispatch-gaps';

describe('stepDispatches', () => {
  it('takes the median gap, so a gap over other work does not count (gaps 24, 24, 90, 24)', () => {
    expect(stepDispatches([10, 34, 58, 148, 172])).toEqual({ median: 24, min: 24, calls: 5 });
  });
  it('averages the two middle gaps of an even count (gaps 150, 153, 160, 900 → 156.5)', () => {
    expect(stepDispatches([0, 150, 303, 463, 1363])).toEqual({ median: 156.5, min: 150, calls: 5 });
  });
  it('takes the middle gap of an odd count (gaps 10, 30, 20 → 20)', () => {
    expect(stepDispatches([0, 10, 40, 60])).toEqual({ median: 20, min: 10, calls: 4 });
  });
  it('has no figure with fewer than two calls', () => {
    expect(stepDispatches([7])).toEqual({ median: null, min: null, calls: 1 });
    expect(stepDispatches([])).toEqual({ median: null, min: null, calls: 0 });
  });
});
