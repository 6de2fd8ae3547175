/** `\boxed{…}` extraction (docs/algorithms.md §2.1). */

const BOX = '\\boxed{';

/**
 * Content of the *last* `\boxed{` in the text, read up to its matching brace (nested braces
 * balance), trimmed. If that last box is never closed the result is null, even when an earlier
 * box was closed; no box at all → null.
 */
export function extractBoxed(text: string): string | null {
  const start = text.lastIndexOf(BOX);
  if (start < 0) return null;
  let depth = 1;
  for (let i = start + BOX.length; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return text.slice(start + BOX.length, i).trim();
    }
  }
  return null;
}
