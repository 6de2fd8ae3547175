/**
 * Split model text into the parts the contract views highlight: the question tags and question,
 * python code fences, tool output blocks and boxed answers (brace-balanced, like the parser).
 */
export type SegmentKind = 'plain' | 'question' | 'code' | 'output' | 'boxed' | 'special';

export interface Segment {
  kind: SegmentKind;
  text: string;
}

const PATTERNS: [SegmentKind, RegExp][] = [
  ['question', /<question>[\s\S]*?<\/question>/y],
  ['code', /```python[\s\S]*?```/y],
  ['output', /```output[\s\S]*?```/y],
  ['special', /<\|[a-z_]+\|>/y],
];

/** Length of a `\boxed{…}` starting at i (balanced braces), or 0. */
function boxedLength(text: string, i: number): number {
  const open = '\\boxed{';
  if (!text.startsWith(open, i)) return 0;
  let depth = 1;
  for (let j = i + open.length; j < text.length; j++) {
    if (text[j] === '{') depth++;
    else if (text[j] === '}' && --depth === 0) return j + 1 - i;
  }
  return 0;
}

export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  const push = (kind: SegmentKind, s: string) => {
    const last = out.at(-1);
    if (kind === 'plain' && last?.kind === 'plain') last.text += s;
    else out.push({ kind, text: s });
  };
  let i = 0;
  outer: while (i < text.length) {
    for (const [kind, re] of PATTERNS) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m) {
        push(kind, m[0]);
        i += m[0].length;
        continue outer;
      }
    }
    const box = boxedLength(text, i);
    if (box > 0) {
      push('boxed', text.slice(i, i + box));
      i += box;
      continue;
    }
    push('plain', text[i] as string);
    i += 1;
  }
  return out;
}
