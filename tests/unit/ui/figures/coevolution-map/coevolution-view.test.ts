/**
 * The Table 5 heat map's colour scale is fitted to the cells drawn: on the shipped recording's range
 * (48 %–86 %), the two ends are far apart in CIELAB, where the old [0, 1] scale drew both pale blue.
 */
import { lab } from 'd3';
import { describe, expect, it } from 'vitest';
import { passColor, passDomain } from '../../../../../src/ui/figures/coevolution-map/coevolution-view';

/** CIE76 colour difference ΔE*ab = √(ΔL² + Δa² + Δb²); about 2.3 is just noticeable. */
function deltaE(x: string, y: string): number {
  const [p, q] = [lab(x), lab(y)];
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

describe('the pass-rate colour scale', () => {
  it('spans the lowest to the highest cell, with ±5 points around one value and [0, 1] for none', () => {
    expect(passDomain([0.481, null, 0.86, 0.6])).toEqual([0.481, 0.86]);
    expect(passDomain([0.5, 0.5])).toEqual([0.45, 0.55]);
    expect(passDomain([null])).toEqual([0, 1]);
  });

  it('puts 48 % and 86 % at its two ends, clearly apart (ΔE > 30), where [0, 1] gave under half that', () => {
    const domain: [number, number] = [0.48, 0.86];
    expect(passColor(0.48, domain)).toBe(passColor(0, [0, 1]));
    expect(passColor(0.86, domain)).toBe(passColor(1, [0, 1]));
    expect(deltaE(passColor(0.48, domain), passColor(0.86, domain))).toBeGreaterThan(30);
    const unfitted = deltaE(passColor(0.48), passColor(0.86));
    expect(unfitted).toBeLessThan(deltaE(passColor(0.48, domain), passColor(0.86, domain)) / 2);
    // Outside the domain a value is clamped to its end; no cell is white.
    expect(passColor(0.2, domain)).toBe(passColor(0.48, domain));
    expect(passColor(null, domain)).toBe('#ffffff');
  });
});
