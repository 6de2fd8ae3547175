/**
 * The contracts of the roles (docs/algorithms.md §2.1), each in one place: what a role is prompted
 * with, and how its output is read (the way Agent0 reads it: by pattern).
 */
import { extractBoxed } from './boxed';
import { QUESTIONER_PROMPT, SOLVER_PROMPT, TOOL_SOLVER_PROMPT } from './tokenizer';

/** What the questioner is prompted with. */
export function questionerPrompt(): string {
  return QUESTIONER_PROMPT;
}

/** What the plain solver is prompted with: its role token, the question, a newline. */
export function solverPrompt(question: string): string {
  return `${SOLVER_PROMPT}${question}\n`;
}

/** What the tool solver is prompted with: its role token, the question, a newline. */
export function toolSolverPrompt(question: string): string {
  return `${TOOL_SOLVER_PROMPT}${question}\n`;
}

export interface QuestionerOutput {
  question: string;
  answer: string;
}

/** The answer Agent0's reward reads from a text with no closed box (mathruler's extract_boxed_content). */
export const RELEASED_NO_BOX = 'None';

/**
 * Questioner contract: `<question>…</question>` then `\boxed{answer}`.
 * Question = the last non-greedy match of the tags, trimmed; answer = the last brace-balanced box of
 * the whole text, trimmed. No question, an empty question or an empty/missing answer → null
 * (a format violation). With `unboxed = 'none'` a text with a question but no closed box reads the
 * answer "None", as the released curriculum reward does (docs/algorithms.md §7.8); an empty box
 * stays a violation there too.
 */
export function parseQuestioner(text: string, unboxed: 'violation' | 'none' = 'violation'): QuestionerOutput | null {
  const matches = [...text.matchAll(/<question>([\s\S]*?)<\/question>/g)];
  const last = matches[matches.length - 1];
  if (!last) return null;
  const question = (last[1] ?? '').trim();
  const boxed = extractBoxed(text);
  const answer = boxed === null && unboxed === 'none' ? RELEASED_NO_BOX : boxed;
  if (!question || !answer) return null;
  return { question, answer };
}

/**
 * The questioner's "golden" answer as Agent0's released code takes it: only the last character of
 * the boxed answer (docs/algorithms.md §7.1). Offered for the "as released" teaching switch.
 */
export function releasedGoldenAnswer(answer: string): string {
  return answer.slice(-1);
}

/** The part of the questioner's answer the proxy gate compares with (`proxy.goldenAnswer`). */
export function goldenAnswer(answer: string, mode: 'whole' | 'last-character'): string {
  return mode === 'last-character' ? releasedGoldenAnswer(answer) : answer;
}

export const PYTHON_FENCE = '```python';
export const OUTPUT_FENCE = '```output';
export const CLOSE_FENCE = '```';

/** The code of the last *closed* ```python block of a solver turn, or null when there is none. */
export function extractToolCall(turn: string): string | null {
  const blocks = [...turn.matchAll(/```python\n?([\s\S]*?)```/g)];
  const last = blocks[blocks.length - 1];
  return last ? (last[1] ?? '').trim() : null;
}

/** Number of tool observations already in a transcript (the released tool reward counts these). */
export function countToolOutputs(text: string): number {
  return text.split(OUTPUT_FENCE).length - 1;
}

/**
 * The observation the environment appends after a code block: "```output", a newline, the result,
 * a newline, "```". The result keeps its last `maxChars` characters (Agent0 keeps the tail).
 */
export function formatObservation(result: string, maxChars = 512): string {
  // `trimEnd()` removes exactly what `/\s+$/` did, in linear time (the regex is quadratic on a
  // long run of whitespace followed by anything else: issue #58).
  const body = result.trimEnd();
  const kept = body.length > maxChars ? body.slice(body.length - maxChars) : body;
  return `\n${OUTPUT_FENCE}\n${kept}\n${CLOSE_FENCE}\n`;
}
