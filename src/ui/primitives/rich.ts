/**
 * Inline marks of the page's sentences, without HTML: `*word*` is emphasis, `«text»` is code
 * (a literal of Agent0's code or of the settings), `‹title›` is the title of a work in its own
 * language (English). Everything else is plain text.
 */
export type RichKind = 'text' | 'em' | 'code' | 'cite';

export function richParts(p: string): { text: string; kind: RichKind }[] {
  const out: { text: string; kind: RichKind }[] = [];
  const re = /\*([^*]+)\*|«([^»]+)»|‹([^›]+)›/g;
  let at = 0;
  for (const m of p.matchAll(re)) {
    if (m.index > at) out.push({ text: p.slice(at, m.index), kind: 'text' });
    if (m[1] !== undefined) out.push({ text: m[1], kind: 'em' });
    else if (m[2] !== undefined) out.push({ text: m[2], kind: 'code' });
    else out.push({ text: m[3] ?? '', kind: 'cite' });
    at = m.index + m[0].length;
  }
  if (at < p.length) out.push({ text: p.slice(at), kind: 'text' });
  return out;
}
