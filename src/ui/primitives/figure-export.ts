/**
 * The pure parts of a figure's export for slides (figure-export-dom.ts walks the page): the file
 * names, the style declarations copied onto each cloned SVG element, the SVG markup of the title
 * and of HTML legends, the bounding box of the drawn parts, the PNG size and the full-screen zoom.
 */
import type { Lang } from '../lib/settings';

export type ExportFormat = 'svg' | 'png';

/** The PNG is drawn at this many pixels per CSS pixel of the figure (2×, for slides). */
export const PNG_SCALE = 2;

/**
 * The presentation properties copied from each element's computed style onto its clone, so that
 * the file looks as the page does without the page's style sheets (CSS variables come resolved).
 */
export const EXPORTED_STYLE_PROPS = [
  'display',
  'visibility',
  'opacity',
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
] as const;

/**
 * The file name of a figure's export: `agent0-VIEW-LANG.svg` or `agent0-VIEW-LANG@2x.png`, VIEW
 * being the figure's view name with anything but a–z, 0–9 and '-' replaced by '-'.
 */
export function figureFileName(view: string, lang: Lang, format: ExportFormat): string {
  const id = view.toLowerCase().replace(/[^a-z0-9-]+/g, '-') || 'figure';
  return format === 'svg' ? `agent0-${id}-${lang}.svg` : `agent0-${id}-${lang}@${PNG_SCALE}x.png`;
}

/**
 * A `style` attribute value from a computed style: `prop:value;` for each of `props` whose value
 * is not empty, in the order given.
 */
export function styleDeclarations(
  read: (prop: string) => string,
  props: readonly string[] = EXPORTED_STYLE_PROPS,
): string {
  return props
    .map((p) => [p, read(p).trim()] as const)
    .filter(([, v]) => v !== '')
    .map(([p, v]) => `${p}:${v};`)
    .join('');
}

/** Text made safe for an XML attribute value or element content. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every box; null for none. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A colour for a legend swatch: its background colour, else the first colour of its background image (a hatch). */
export function swatchColor(backgroundColor: string, backgroundImage: string): string | null {
  const transparent =
    backgroundColor === '' ||
    backgroundColor === 'transparent' ||
    /^rgba\([^,]+,[^,]+,[^,]+,\s*0(\.0*)?\)$/.test(backgroundColor);
  if (!transparent) return backgroundColor;
  return backgroundImage.match(/rgba?\([^)]*\)|#[0-9a-f]{3,8}\b/i)?.[0] ?? null;
}

/** A filled rectangle (a legend's swatch, the background). */
export function svgRect(box: Box, fill: string, attrs = ''): string {
  return `<rect x="${r2(box.x)}" y="${r2(box.y)}" width="${r2(box.width)}" height="${r2(box.height)}" fill="${escapeXml(fill)}"${attrs ? ` ${attrs}` : ''}/>`;
}

/** One line of text with its left edge at x and its middle at y, in the style given. */
export function svgText(text: string, x: number, y: number, style: string, attrs = ''): string {
  return `<text x="${r2(x)}" y="${r2(y)}" dominant-baseline="central" style="${escapeXml(style)}"${attrs ? ` ${attrs}` : ''}>${escapeXml(text)}</text>`;
}

const r2 = (v: number) => String(Math.round(v * 100) / 100);

/**
 * Whether a CSS `unicode-range` (e.g. "U+AC00-AC2F, U+3131, U+4??") covers any of `codePoints`;
 * an empty range covers everything (the descriptor's default).
 */
export function rangeCovers(range: string, codePoints: readonly number[]): boolean {
  const parts = range
    .split(',')
    .map((p) => p.trim().replace(/^U\+/i, ''))
    .filter((p) => p !== '');
  if (parts.length === 0) return codePoints.length > 0;
  return parts.some((p) => {
    const [lo, hi] = p.includes('?')
      ? [parseInt(p.replace(/\?/g, '0'), 16), parseInt(p.replace(/\?/g, 'F'), 16)]
      : (p.split('-').map((h) => parseInt(h, 16)) as [number, number?]);
    return codePoints.some((c) => c >= (lo as number) && c <= (hi ?? (lo as number)));
  });
}

/** The PNG's pixel size for a figure of `width` × `height` CSS pixels: PNG_SCALE times each, rounded up. */
export function pngSize(width: number, height: number, scale = PNG_SCALE): { width: number; height: number } {
  return { width: Math.ceil(width * scale), height: Math.ceil(height * scale) };
}

/**
 * The zoom of a figure shown full screen: the figure's body, laid out as on the page at
 * `content` size, grows until it meets the screen's width or height (`space`), at most `max`
 * times and never below 1 (a body taller than the screen keeps its size and scrolls):
 * zoom = max(1, min(space.w / content.w, space.h / content.h, max)).
 */
export function fitZoom(
  content: { width: number; height: number },
  space: { width: number; height: number },
  max = 4,
): number {
  if (content.width <= 0 || content.height <= 0) return 1;
  return Math.max(1, Math.min(space.width / content.width, space.height / content.height, max));
}
