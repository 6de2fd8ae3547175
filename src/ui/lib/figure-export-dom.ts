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

  const drawn = svgs.map((svg) => {
    const box = boxIn(svg, origin);
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
  return { text, width, height };
}

/** The exported SVG drawn into a PNG of PNG_SCALE× its size (an <img> of the SVG on a canvas). */
export async function svgToPng(svg: ExportedSvg, scale = PNG_SCALE): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
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
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas made no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
