/**
 * A figure as a file for slides (browser only): its drawn parts as one SVG, laid out as on the
 * page under the figure's title, and that SVG drawn into a PNG at PNG_SCALE×.
 *
 * What is drawn: every SVG of the figure's body (not KaTeX's own, not a button's), each cloned with
 * the computed presentation styles of every element written onto it (figure-export.ts), and the
 * HTML legends' swatches ([data-legend-swatch]) and labels ([data-legend-label]) as rectangles and
 * text. Formulas, notes, tables and transcripts (HTML) are not part of the file; a figure with no
 * SVG has nothing to export (`hasDrawing`).
 */
import {
  type Box,
  escapeXml,
  PNG_SCALE,
  pngSize,
  rangeCovers,
  styleDeclarations,
  svgRect,
  svgText,
  swatchColor,
  unionBox,
} from './figure-export';

export interface ExportedSvg {
  text: string;
  width: number;
  height: number;
  /** Every text of the file, for the PNG's canvas (drawn there with the page's fonts). */
  texts: CanvasText[];
}

/**
 * A text of the file as the PNG's canvas draws it: `matrix` maps its own coordinates into the
 * file's, (x, y) is its anchor there, with the alignment, font and colour it has on the page.
 */
export interface CanvasText {
  text: string;
  matrix: DOMMatrix;
  x: number;
  y: number;
  align: CanvasTextAlign;
  baseline: CanvasTextBaseline;
  font: string;
  fill: string;
}

const ALIGN: Record<string, CanvasTextAlign> = { start: 'left', middle: 'center', end: 'right' };
const BASELINE: Record<string, CanvasTextBaseline> = {
  central: 'middle',
  middle: 'middle',
  hanging: 'hanging',
  'text-before-edge': 'top',
  'text-after-edge': 'bottom',
};

/** A text element of the page as the canvas draws it, `toFile` mapping page coordinates into the file's. */
function canvasText(el: SVGTextElement, toFile: DOMMatrix): CanvasText | null {
  const ctm = el.getScreenCTM();
  const cs = getComputedStyle(el);
  if (!ctm || cs.display === 'none' || cs.visibility === 'hidden' || !el.textContent) return null;
  return {
    text: el.textContent,
    matrix: toFile.multiply(ctm),
    x: el.x.baseVal[0]?.value ?? 0,
    y: el.y.baseVal[0]?.value ?? 0,
    align: ALIGN[cs.textAnchor] ?? 'left',
    baseline: BASELINE[cs.dominantBaseline] ?? 'alphabetic',
    font: `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`,
    fill: cs.fill,
  };
}

/** An HTML element's text at (x, y) of the file, left-aligned and centred vertically (the title, legend labels). */
function htmlCanvasText(el: Element, x: number, y: number): CanvasText {
  const cs = getComputedStyle(el);
  return {
    text: el.textContent?.trim() ?? '',
    matrix: new DOMMatrix(),
    x,
    y,
    align: 'left',
    baseline: 'middle',
    font: `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`,
    fill: cs.color,
  };
}

/** Margin around the drawing, and the space between the title and the drawing, in CSS pixels. */
const PAD = 12;
const TITLE_GAP = 6;
/** The style of text the title and the legend labels keep from the page. */
const TEXT_PROPS = ['font-family', 'font-size', 'font-weight', 'font-style'] as const;

/** The SVGs of a figure's body that are its drawing (see the file comment). */
export function drawnSvgs(body: Element): SVGSVGElement[] {
  return [...body.querySelectorAll('svg')].filter(
    (s) => !s.closest('.katex, button') && !s.parentElement?.closest('svg') && s.getBoundingClientRect().width > 0,
  );
}

/** Whether the figure's body draws anything an image file can hold. */
export function hasDrawing(body: Element): boolean {
  return drawnSvgs(body).length > 0;
}

function boxIn(el: Element, origin: DOMRect): Box {
  const r = el.getBoundingClientRect();
  return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
}

/** A deep clone of `svg` whose every element carries its computed style; hidden elements are left out. */
function styledClone(svg: SVGSVGElement): SVGSVGElement {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  const hidden: Element[] = [];
  from.forEach((el, i) => {
    const c = to[i];
    if (!c) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none') hidden.push(c);
    c.setAttribute(
      'style',
      styleDeclarations((p) => cs.getPropertyValue(p)),
    );
    c.removeAttribute('class');
    c.removeAttribute('tabindex');
  });
  hidden.forEach((c) => c.remove());
  return clone;
}

/** Style of a line of HTML text as SVG text: its font and its colour as the fill. */
function textStyle(el: Element): string {
  const cs = getComputedStyle(el);
  return `${styleDeclarations((p) => cs.getPropertyValue(p), TEXT_PROPS)}fill:${cs.color};`;
}

/** The width of an element's text as laid out (not of its box). */
function textWidth(el: Element): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect().width;
}

/**
 * The figure's title and drawing as one SVG document (see the file comment), or null when it draws
 * nothing. `figure` is the frame (Figure.svelte): its <figcaption> and its [data-figure-body].
 */
export function figureSvg(figure: Element, lang: string): ExportedSvg | null {
  const body = figure.querySelector('[data-figure-body]');
  const caption = figure.querySelector('figcaption');
  if (!body || !caption) return null;
  const svgs = drawnSvgs(body);
  if (svgs.length === 0) return null;
  const origin = body.getBoundingClientRect();
  const swatches = [...body.querySelectorAll('[data-legend-swatch]')];
  const labels = [...body.querySelectorAll('[data-legend-label]')];
  const parts = [...svgs, ...swatches, ...labels].map((el) => boxIn(el, origin));
  const content = unionBox(parts) as Box;
  const titleHeight = caption.getBoundingClientRect().height;
  const width = Math.ceil(Math.max(content.width, textWidth(caption)) + 2 * PAD);
  const height = Math.ceil(content.height + titleHeight + TITLE_GAP + 2 * PAD);
  const dx = PAD - content.x;
  const dy = PAD + titleHeight + TITLE_GAP - content.y;
  const serializer = new XMLSerializer();
  /** Page (viewport) coordinates into the file's. */
  const toFile = new DOMMatrix().translate(dx - origin.left, dy - origin.top);
  const texts: CanvasText[] = [htmlCanvasText(caption, PAD, PAD + titleHeight / 2)];

  const drawn = svgs.map((svg) => {
    const box = boxIn(svg, origin);
    for (const t of svg.querySelectorAll('text')) {
      const c = canvasText(t, toFile);
      if (c) texts.push(c);
    }
    const clone = styledClone(svg);
    if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
    clone.setAttribute('x', String(box.x + dx));
    clone.setAttribute('y', String(box.y + dy));
    clone.setAttribute('width', String(box.width));
    clone.setAttribute('height', String(box.height));
    clone.setAttribute('overflow', 'visible');
    return serializer.serializeToString(clone);
  });
  const legend = [
    ...swatches.flatMap((el) => {
      const cs = getComputedStyle(el);
      const fill = swatchColor(cs.backgroundColor, cs.backgroundImage);
      const box = boxIn(el, origin);
      const rx = cs.borderRadius.includes('50%') ? ` rx="${box.width / 2}"` : '';
      return fill ? [svgRect({ ...box, x: box.x + dx, y: box.y + dy }, fill, `data-export="legend-swatch"${rx}`)] : [];
    }),
    ...labels.map((el) => {
      const box = boxIn(el, origin);
      const left = box.x + dx + parseFloat(getComputedStyle(el).paddingLeft || '0');
      texts.push(htmlCanvasText(el, left, box.y + dy + box.height / 2));
      return svgText(
        el.textContent?.trim() ?? '',
        left,
        box.y + dy + box.height / 2,
        textStyle(el),
        'data-export="legend-label"',
      );
    }),
  ];
  const title = svgText(
    caption.textContent?.trim() ?? '',
    PAD,
    PAD + titleHeight / 2,
    textStyle(caption),
    'data-export="title"',
  );
  const text =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" lang="${escapeXml(lang)}">` +
    svgRect({ x: 0, y: 0, width, height }, '#ffffff', 'data-export="background"') +
    title +
    drawn.join('') +
    legend.join('') +
    '</svg>';
  return { text, width, height, texts };
}

/** The families of the page's own font files (the served Noto Sans KR), which an SVG drawn as an image cannot reach. */
const SERVED_FAMILIES = ['Noto Sans KR'];

/**
 * @font-face rules for the served fonts' files that hold a character of `text`, with each file
 * inlined as a data: URL. An SVG drawn as an image loads nothing, so without them its Korean
 * would need a Korean font installed on the system.
 */
async function inlinedFontFaces(text: string): Promise<string> {
  const codePoints = [...new Set([...text].map((c) => c.codePointAt(0) as number))].filter((c) => c > 0x7f);
  if (codePoints.length === 0 || !SERVED_FAMILIES.some((f) => text.includes(f))) return '';
  const faces: { rule: CSSFontFaceRule; url: string }[] = [];
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const family = rule.style.getPropertyValue('font-family').replace(/["']/g, '').trim();
      if (!SERVED_FAMILIES.includes(family)) continue;
      if (!rangeCovers(rule.style.getPropertyValue('unicode-range'), codePoints)) continue;
      const src = rule.style.getPropertyValue('src').match(/url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/)?.[1];
      if (src) faces.push({ rule, url: new URL(src, sheet.href ?? document.baseURI).href });
    }
  }
  const inlined = await Promise.all(
    faces.map(async ({ rule, url }) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      const s = rule.style;
      return `@font-face{font-family:'${s.getPropertyValue('font-family').replace(/["']/g, '').trim()}';font-weight:${s.getPropertyValue('font-weight') || '400'};font-style:${s.getPropertyValue('font-style') || 'normal'};unicode-range:${s.getPropertyValue('unicode-range')};src:url(data:font/woff2;base64,${btoa(binary)}) format('woff2');}`;
    }),
  );
  return inlined.join('');
}

/** The SVG file with the served fonts its text needs inlined (inlinedFontFaces), so that it shows its Korean anywhere. */
export async function withFonts(svg: ExportedSvg): Promise<string> {
  const fonts = await inlinedFontFaces(svg.text);
  return fonts ? svg.text.replace(/^(<svg[^>]*>)/, `$1<style>${fonts}</style>`) : svg.text;
}

/**
 * The exported SVG drawn into a PNG of PNG_SCALE× its size: its shapes as an image (an <img> of the
 * SVG without its texts, on a canvas), then its texts with the canvas's own text drawing, which
 * uses the page's fonts once loaded (an SVG image would draw its Korean before its fonts load).
 */
export async function svgToPng(svg: ExportedSvg, scale = PNG_SCALE): Promise<Blob> {
  const shapes = svg.text.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, '');
  const url = URL.createObjectURL(new Blob([shapes], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const size = pngSize(svg.width, svg.height, scale);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas in this browser');
    ctx.drawImage(img, 0, 0, size.width, size.height);
    await Promise.all(
      [...new Set(svg.texts.map((t) => t.font))].map((font) =>
        document.fonts.load(font, svg.texts.map((t) => t.text).join('')),
      ),
    );
    for (const t of svg.texts) {
      const m = t.matrix;
      ctx.setTransform(new DOMMatrix([scale, 0, 0, scale, 0, 0]).multiply(m));
      ctx.font = t.font;
      ctx.fillStyle = t.fill;
      ctx.textAlign = t.align;
      ctx.textBaseline = t.baseline;
      ctx.fillText(t.text, t.x, t.y);
    }
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas made no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
