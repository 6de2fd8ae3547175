/** The pure parts of a figure's export and full screen (figure-export.ts), on hand-made inputs. */
import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  EXPORTED_STYLE_PROPS,
  figureFileName,
  fitZoom,
  pngSize,
  rangeCovers,
  styleDeclarations,
  svgRect,
  svgText,
  swatchColor,
  unionBox,
} from '../../../../src/ui/primitives/figure-export';

describe('file names', () => {
  it('name the figure and the language, PNG with its scale', () => {
    expect(figureFileName('adpo-curves', 'en', 'svg')).toBe('agent0-adpo-curves-en.svg');
    expect(figureFileName('adpo-curves', 'ko', 'png')).toBe('agent0-adpo-curves-ko@2x.png');
  });
  it('keep only letters, digits and dashes of the view name', () => {
    expect(figureFileName('Repair Curves/../x', 'en', 'svg')).toBe('agent0-repair-curves-x-en.svg');
    expect(figureFileName('', 'en', 'svg')).toBe('agent0-figure-en.svg');
  });
});

describe('style inlining', () => {
  it('writes each non-empty computed value, in the order of the properties', () => {
    const computed: Record<string, string> = {
      fill: 'rgb(34, 34, 34)',
      stroke: 'none',
      'font-size': '12px',
      'font-family': '"Noto Sans KR", sans-serif',
      opacity: '',
    };
    expect(styleDeclarations((p) => computed[p] ?? '', ['font-size', 'fill', 'opacity', 'stroke', 'font-family'])).toBe(
      'font-size:12px;fill:rgb(34, 34, 34);stroke:none;font-family:"Noto Sans KR", sans-serif;',
    );
  });
  it('copies the paint, the line and the font of every element', () => {
    for (const p of ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'font-family', 'font-size', 'text-anchor'])
      expect(EXPORTED_STYLE_PROPS).toContain(p);
  });
  it('escapes what XML does not allow in text and attributes', () => {
    expect(escapeXml(`a < b & "c" 'd' > e`)).toBe('a &#60; b &#38; &#34;c&#34; &#39;d&#39; &#62; e');
    expect(svgText('R < 1', 5, 10, 'fill:#000;')).toBe(
      '<text x="5" y="10" dominant-baseline="central" style="fill:#000;">R &#60; 1</text>',
    );
    expect(svgRect({ x: 1.234, y: 2, width: 3, height: 4 }, '#fff')).toBe(
      '<rect x="1.23" y="2" width="3" height="4" fill="#fff"/>',
    );
  });
});

describe('layout', () => {
  it('the union of boxes spans from the leftmost top to the rightmost bottom', () => {
    expect(
      unionBox([
        { x: 10, y: 20, width: 100, height: 50 },
        { x: -5, y: 60, width: 20, height: 30 },
      ]),
    ).toEqual({ x: -5, y: 20, width: 115, height: 70 });
    expect(unionBox([])).toBeNull();
  });
  it('a swatch takes its background colour, or the first colour of a hatch', () => {
    expect(swatchColor('rgb(0, 114, 178)', 'none')).toBe('rgb(0, 114, 178)');
    // A colour whose last channel is 0 is opaque: only an alpha of 0 is transparent.
    expect(swatchColor('rgb(213, 94, 0)', 'none')).toBe('rgb(213, 94, 0)');
    expect(swatchColor('rgb(0, 0, 0)', 'none')).toBe('rgb(0, 0, 0)');
    expect(swatchColor('rgba(0, 0, 0, 0.5)', 'none')).toBe('rgba(0, 0, 0, 0.5)');
    expect(
      swatchColor(
        'rgba(0, 0, 0, 0)',
        'repeating-linear-gradient(45deg, rgb(230, 230, 230) 0px, rgb(200, 200, 200) 3px)',
      ),
    ).toBe('rgb(230, 230, 230)');
    expect(swatchColor('rgba(0, 0, 0, 0)', 'none')).toBeNull();
  });
  it('a font file is inlined when its unicode-range holds a character of the text', () => {
    const hangul = [...'관문'].map((c) => c.codePointAt(0) as number); // U+AD00, U+BB38
    expect(rangeCovers('U+ac00-ad0f, U+3131', hangul)).toBe(true);
    expect(rangeCovers('U+ad01-bb37', hangul)).toBe(false);
    expect(rangeCovers('U+bb38', hangul)).toBe(true);
    expect(rangeCovers('U+BB3?', hangul)).toBe(true);
    expect(rangeCovers('U+BB4?', hangul)).toBe(false);
    expect(rangeCovers('', hangul)).toBe(true);
    expect(rangeCovers('U+0-7f', [])).toBe(false);
  });
  it('the PNG has twice the figure’s pixels each way', () => {
    expect(pngSize(520, 300)).toEqual({ width: 1040, height: 600 });
    expect(pngSize(100.4, 50.2)).toEqual({ width: 201, height: 101 });
  });
  it('full screen zooms until the width or the height is met, never below 1 nor above 4', () => {
    // 520 × 300 in 1872 × 900: min(3.6, 3) = 3.
    expect(fitZoom({ width: 520, height: 300 }, { width: 1872, height: 900 })).toBeCloseTo(3, 12);
    // 1200 × 400 in 1872 × 900: min(1.56, 2.25) = 1.56.
    expect(fitZoom({ width: 1200, height: 400 }, { width: 1872, height: 900 })).toBeCloseTo(1.56, 12);
    expect(fitZoom({ width: 100, height: 100 }, { width: 1872, height: 900 })).toBe(4);
    expect(fitZoom({ width: 1200, height: 2000 }, { width: 1872, height: 900 })).toBe(1);
    expect(fitZoom({ width: 0, height: 0 }, { width: 1872, height: 900 })).toBe(1);
  });
});
