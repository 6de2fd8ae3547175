/**
 * The tokenizer shared by both roles: a fixed vocabulary of whole strings, encoded by greedy
 * longest match, decoded by concatenation. The vocabulary holds
 * - special tokens (padding, end of text, one prompt token per role),
 * - the contract markers (`<question>`, `</question>`, `\boxed{`, `}`, the code fences, `print(`,
 *   Python's `F(` and the Fraction import line),
 * - every question word of the task family, bare and with a leading space,
 * - single digits (bare and with a leading space: numbers are digit sequences),
 * - every printable ASCII character and the newline, so any ASCII text (tool errors included)
 *   encodes losslessly: decode(encode(s)) = s. Other characters are refused with an error.
 */
import { QUESTION_WORDS } from './tasks';

export const PAD = '<|pad|>';
export const END_OF_TEXT = '<|endoftext|>';
/** Prompt token of the questioner role (it then writes `<question>…</question>\boxed{…}`). */
export const QUESTIONER_PROMPT = '<|questioner|>';
/** Prompt token of the plain solver (question, then reasoning and `\boxed{…}`, no tool). */
export const SOLVER_PROMPT = '<|solver|>';
/** Prompt token of the tool solver (may write a ```python block before its `\boxed{…}`). */
export const TOOL_SOLVER_PROMPT = '<|tool|>';

export const SPECIAL_TOKENS: readonly string[] = [
  PAD,
  END_OF_TEXT,
  QUESTIONER_PROMPT,
  SOLVER_PROMPT,
  TOOL_SOLVER_PROMPT,
];

/** Multi-character strings of the contracts and of the programs the tool solver writes. */
export const CONTRACT_TOKENS: readonly string[] = [
  '<question>',
  '</question>',
  '\\boxed{',
  '}',
  '```python',
  '```output',
  '```',
  'print(',
  'F(',
  'from fractions import Fraction as F',
  'Let me compute',
];

const DIGITS = '0123456789'.split('');
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** The default vocabulary, in id order (id 0 = padding). */
export function defaultVocabulary(): string[] {
  const words = QUESTION_WORDS.flatMap((w) => [w, ` ${w}`]);
  const digits = DIGITS.flatMap((d) => [d, ` ${d}`]);
  return [...new Set([...SPECIAL_TOKENS, ...CONTRACT_TOKENS, ...words, ...digits, ...PRINTABLE_ASCII, '\n'])];
}

/** Greedy longest-match tokenizer over a fixed vocabulary (see the file comment). */
export class Tokenizer {
  readonly vocab: readonly string[];
  readonly padId: number;
  readonly eosId: number;
  private readonly ids: Map<string, number>;
  private readonly maxLength: number;

  /** A tokenizer over the given strings (ids = positions); must contain PAD and END_OF_TEXT. */
  constructor(vocab: readonly string[] = defaultVocabulary()) {
    this.vocab = [...vocab];
    this.ids = new Map();
    vocab.forEach((s, i) => {
      if (s.length === 0) throw new Error('Tokenizer: empty string in the vocabulary.');
      if (this.ids.has(s)) throw new Error(`Tokenizer: duplicate vocabulary entry ${JSON.stringify(s)}.`);
      this.ids.set(s, i);
    });
    this.maxLength = Math.max(...vocab.map((s) => s.length));
    this.padId = this.id(PAD);
    this.eosId = this.id(END_OF_TEXT);
  }

  /** Vocabulary size V (ids are 0 … V − 1). */
  get size(): number {
    return this.vocab.length;
  }

  /** Id of one vocabulary string; throws when it is not in the vocabulary. */
  id(token: string): number {
    const id = this.ids.get(token);
    if (id === undefined) throw new Error(`Tokenizer: ${JSON.stringify(token)} is not a vocabulary entry.`);
    return id;
  }

  /**
   * Greedy longest match: at each position take the longest vocabulary string that starts there.
   * Throws, naming the character and its position, when no entry starts with that character.
   */
  encode(text: string): number[] {
    const out: number[] = [];
    let pos = 0;
    while (pos < text.length) {
      let found = -1;
      let len = Math.min(this.maxLength, text.length - pos);
      for (; len > 0; len--) {
        const id = this.ids.get(text.slice(pos, pos + len));
        if (id !== undefined) {
          found = id;
          break;
        }
      }
      if (found < 0) {
        const ch = text.codePointAt(pos) ?? 0;
        throw new Error(
          `Tokenizer: cannot encode character ${JSON.stringify(String.fromCodePoint(ch))} ` +
            `(U+${ch.toString(16).toUpperCase().padStart(4, '0')}) at position ${pos}.`,
        );
      }
      out.push(found);
      pos += len;
    }
    return out;
  }

  /** Concatenation of the tokens' strings (special tokens appear literally). */
  decode(ids: readonly number[]): string {
    let s = '';
    for (const id of ids) {
      const token = this.vocab[id];
      if (token === undefined) throw new Error(`Tokenizer: id ${id} is outside the vocabulary (size ${this.size}).`);
      s += token;
    }
    return s;
  }
}
