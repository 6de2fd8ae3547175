/** The ratio plot's points and clip bands (ratio-points.ts). */
import { describe, expect, it } from 'vitest';
import { ratioPoints } from '../../../../../src/ui/figures/ratio-plot/ratio-points';

describe('ratio points', () => {
  it('lines up trained tokens with their sequence clip band', () => {
    const { points, bands } = ratioPoints(
      {
        0: {
          pieces: ['a', 'b', 'c'],
          mask: [0, 1, 1],
          advantage: [0, 1, 1],
          ratio: [1, 1.1, 0.7],
          branch: ['none', 'none', 'low-clip'],
        },
        3: { pieces: ['d'], mask: [1], advantage: [-1], ratio: [1.4], branch: ['high-clip'] },
      },
      0.2,
      (seq) => (seq === 3 ? 0.3 : 0.2),
    );
    expect(points.map((p) => [p.seq, p.token, p.at, p.branch])).toEqual([
      [0, 1, 0, 'none'],
      [0, 2, 1, 'low-clip'],
      [3, 0, 4, 'high-clip'],
    ]);
    expect(bands).toEqual([
      { seq: 0, from: 0, to: 2, low: 0.8, high: 1.2 },
      { seq: 3, from: 4, to: 5, low: 0.8, high: 1.3 },
    ]);
  });
});
