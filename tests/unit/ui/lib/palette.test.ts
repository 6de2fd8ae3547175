import { color as parse } from 'd3';
import { describe, expect, it } from 'vitest';
import { divergingColor, TEXT_HUE } from '../../../../src/ui/lib/palette';

/** WCAG contrast ratio of two CSS colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const rgb = parse(c)?.rgb();
    if (!rgb) throw new Error(`not a colour: ${c}`);
    const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(rgb.r) + 0.7152 * lin(rgb.g) + 0.0722 * lin(rgb.b);
  };
  const [lo, hi] = [lum(a), lum(b)].sort((x, y) => x - y) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('palette', () => {
  it('keeps the page text readable on token backgrounds drawn with reach 0.75', () => {
    const color = divergingColor(2, 0.75);
    for (const v of [-2, -1, 0, 1, 2, 5]) expect(contrast(color(v), '#1d1d1f')).toBeGreaterThanOrEqual(4.5);
  });

  it('reaches the full hues at reach 1 (for bars, not for text)', () => {
    const color = divergingColor(1);
    expect(parse(color(1))?.formatHex()).toBe('#0072b2');
    expect(parse(color(-1))?.formatHex()).toBe('#d55e00');
  });

  it('has text shades of the hues at 4.5:1 or more on white', () => {
    for (const c of Object.values(TEXT_HUE)) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
