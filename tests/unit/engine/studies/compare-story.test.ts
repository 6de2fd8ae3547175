import { describe, expect, it } from 'vitest';
import { partingPoints } from '../../../../src/engine/studies/compare-story';
import { summaryRows } from './summary-rows';

const run = summaryRows;

describe('partingPoints', () => {
  it('finds the peak, the first fall of pseudo-label accuracy, the widest gap and the end', () => {
    const intended = run([
      [0.3, 0.6],
      [0.5, 0.8],
      [0.6, 0.8],
      [0.67, 0.85],
    ]);
    const released = run([
      [0.3, 0.19],
      [0.43, 0.2],
      [0.2, 0.1],
      [0.11, 0.06],
    ]);
    const p = partingPoints(intended, released);
    expect(p?.peakB).toEqual({ iteration: 2, a: 0.5, b: 0.43 });
    expect(p?.pseudoFallsB).toEqual({ iteration: 3, a: 0.8, b: 0.1, before: 0.2 });
    // Gaps 0, 0.07, 0.4, 0.56: widest at iteration 4.
    expect(p?.widestGap).toEqual({ iteration: 4, a: 0.67, b: 0.11 });
    expect(p?.last).toEqual({ iteration: 4, a: 0.67, b: 0.11 });
    expect(p?.pseudoRangeB).toEqual({ min: 0.06, max: 0.2 });
  });

  it('says when pseudo-labels never fall and the first run is never ahead, and uses shared iterations only', () => {
    const p = partingPoints(
      run([
        [0.2, null],
        [0.2, 0.5],
      ]),
      run([
        [0.3, null],
        [0.4, 0.5],
        [0.9, 0.9],
      ]),
    );
    expect(p?.pseudoFallsB).toBeNull();
    expect(p?.widestGap).toBeNull();
    expect(p?.last.iteration).toBe(2);
    expect(p?.peakB).toEqual({ iteration: 2, a: 0.2, b: 0.4 });
  });

  it('has nothing to say about runs with no shared iteration', () => {
    expect(partingPoints([], run([[0.1, 0.1]]))).toBeNull();
  });
});
