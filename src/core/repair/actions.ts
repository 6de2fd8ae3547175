/**
 * The repair agent's contract. The prompt is the role token and the numbered snippet:
 *   <|repair|>1|def f(a,b):\n2| return a*b+3\n3|assert f(2,5)==13\n
 * Each step the agent writes one action line, and the environment appends one observation line:
 *   check\n            → "> ok\n" or "> SyntaxError line 2\n" (compiles the snippet)
 *   run\n              → "> ok\n" or "> AssertionError\n", "> NameError c\n", … (runs it)
 *   edit N:<text>\n    → "> ok\n" (line N becomes <text>, indentation included) or "> no line N\n"
 *   submit\n           → the episode ends and the snippet is judged
 * Anything else is a malformed action ("> bad action\n").
 */
import { END_OF_TEXT, PAD } from '../tokenizer';

export const REPAIR_PROMPT = '<|repair|>';

export type Action =
  | { kind: 'check' }
  | { kind: 'run' }
  | { kind: 'submit' }
  | { kind: 'edit'; line: number; text: string }
  | { kind: 'malformed'; text: string };

/** The prompt: role token, then each line as "N|text\n". */
export function repairPrompt(lines: readonly string[]): string {
  return REPAIR_PROMPT + lines.map((l, i) => `${i + 1}|${l}\n`).join('');
}

const EDIT = /^edit (\d{1,2}):(.*)$/;

/** The action one generated line stands for (the trailing newline, if any, is ignored). */
export function parseAction(raw: string): Action {
  const text = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
  if (text === 'check' || text === 'run' || text === 'submit') return { kind: text };
  const m = EDIT.exec(text);
  if (m) return { kind: 'edit', line: Number(m[1]), text: m[2] as string };
  return { kind: 'malformed', text };
}

/** The action line the agent writes (with its newline). */
export function formatAction(a: Action): string {
  switch (a.kind) {
    case 'edit':
      return `edit ${a.line}:${a.text}\n`;
    case 'malformed':
      return `${a.text}\n`;
    default:
      return `${a.kind}\n`;
  }
}

/** The observation line the environment appends. */
export function formatRepairObservation(text: string): string {
  return `> ${text}\n`;
}

/** Python's exception names the observations use (one vocabulary entry each). */
export const EXCEPTION_NAMES = [
  'SyntaxError',
  'IndentationError',
  'NameError',
  'AssertionError',
  'TypeError',
  'ZeroDivisionError',
  'PermissionError',
] as const;

/**
 * The repair vocabulary (ids in order): padding, end of text, the role token, the action and
 * observation words, the Python keywords of the family, every printable ASCII character and the
 * newline, so any snippet text encodes losslessly.
 */
export function repairVocabulary(): string[] {
  const words = [
    'check',
    'run',
    'submit',
    'edit ',
    '> ',
    'ok',
    ' line ',
    'bad action',
    'no line ',
    'timeout',
    ...EXCEPTION_NAMES,
  ];
  const python = ['def ', ' return ', 'return ', ' for i in range(', 'assert ', ' if ', '==', '+=', '*='];
  const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
  return [...new Set([PAD, END_OF_TEXT, REPAIR_PROMPT, ...words, ...python, ...printable, '\n'])];
}
