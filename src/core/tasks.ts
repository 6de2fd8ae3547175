/**
 * The arithmetic task family and its oracle. Every question is whitespace-separated tokens
 * (template words, non-negative integers, + - * / ( ), a final '?' or '.'), so BLEU's whitespace
 * split is meaningful; every answer is exact: an integer or a reduced fraction ("-7/3").
 * The levels are a ladder (issue #59): level 1 is single-digit sums and differences (a tiny model
 * learns them by heart); levels 2–7 are step problems (a value computed, then used:
 * src/core/step-tasks.ts) that a tool user solves in two calls, each level with more and longer
 * operands to copy exactly. The oracle also answers any other expression or word problem written
 * in the family's frames (a questioner may invent one), placed at the step level whose first
 * expression's bounds admit it (src/core/step-tasks.ts `stepLevelOf`).
 */
import { type Expr, type Operator, evaluate, exprTokens, parseExprTokens, pythonProgram } from './expression';
import type { Rng } from './random';
import { Rational } from './rational';
import { STEP_WORDS, generateStepTask, solveStepQuestion, stepLevelOf } from './step-tasks';

export type Difficulty = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3, 4, 5, 6, 7];

export interface ArithmeticTask {
  difficulty: Difficulty;
  question: string;
  /** Exact answer as Python's Fraction prints it: "12", "-3", "7/4". */
  answer: string;
  /** A program whose printed output is the answer. */
  python: string;
  /**
   * The programs a tool user runs, in order: `[python]` for one expression; for a step problem the
   * first prints x and the second uses the printed value.
   */
  programs: string[];
  /** What each program prints (the last is the answer). */
  outputs: string[];
}

/** Level 1: two single-digit operands, + or − (answers never negative). */
const LEVEL_1 = { operands: 2, ops: ['+', '-'] as readonly Operator[], maxLiteral: 9 };

/** Bounds that keep answers short enough for a tiny model's context. */
const MAX_ANSWER_NUMERATOR = 1_000_000n;
const MAX_ANSWER_DENOMINATOR = 1_000n;

const EXPRESSION_FRAMES: readonly { prefix: string[]; suffix: string }[] = [
  { prefix: ['What', 'is'], suffix: '?' },
  { prefix: ['Compute'], suffix: '.' },
  { prefix: ['Evaluate'], suffix: '.' },
  { prefix: ['Find', 'the', 'value', 'of'], suffix: '.' },
];

export const NAMES: readonly string[] = ['Mia', 'Leo', 'Sam', 'Ana'];
export const ITEMS: readonly string[] = ['apples', 'pens', 'coins', 'books'];

interface WordTemplate {
  text: string;
  op: Operator;
  /** Drawn as a level-1 task (its a and b single digits); the others are only answered. */
  level1: boolean;
}

/** Slots: {a} {b} integers, {name} one of NAMES, {item} one of ITEMS (the same item throughout). */
const WORD_TEMPLATES: readonly WordTemplate[] = [
  { text: '{name} has {a} {item} and gets {b} more . How many {item} does {name} have now ?', op: '+', level1: true },
  { text: '{name} has {a} {item} and gives away {b} . How many {item} are left ?', op: '-', level1: true },
  {
    text: 'There are {a} boxes with {b} {item} in each box . How many {item} are there in total ?',
    op: '*',
    level1: false,
  },
  {
    text: '{a} {item} are shared equally by {b} friends . How many {item} does each friend get ?',
    op: '/',
    level1: false,
  },
];

/** Every non-numeric token a question can contain. */
export const QUESTION_WORDS: readonly string[] = [
  ...new Set([
    ...EXPRESSION_FRAMES.flatMap((f) => [...f.prefix, f.suffix]),
    ...WORD_TEMPLATES.flatMap((t) => t.text.split(' ').filter((w) => !w.startsWith('{'))),
    ...STEP_WORDS,
    ...NAMES,
    ...ITEMS,
    '+',
    '-',
    '*',
    '/',
    '(',
    ')',
  ]),
];

/** A level-1 expression: two single-digit literals joined by + or −. */
function levelOneTree(rng: Rng): Expr {
  const literal = (): Expr => ({ kind: 'num', value: rng.intBetween(1, LEVEL_1.maxLiteral) });
  return { kind: 'op', op: rng.pick(LEVEL_1.ops), left: literal(), right: literal() };
}

function answerFits(v: Rational, nonNegative: boolean): boolean {
  const abs = v.num < 0n ? -v.num : v.num;
  return abs <= MAX_ANSWER_NUMERATOR && v.den <= MAX_ANSWER_DENOMINATOR && (!nonNegative || v.num >= 0n);
}

function tryValue(e: Expr): Rational | null {
  try {
    return evaluate(e);
  } catch {
    return null; // division by zero
  }
}

/** A task whose one program prints its answer. */
function oneProgram(difficulty: Difficulty, question: string, answer: string, python: string): ArithmeticTask {
  return { difficulty, question, answer, python, programs: [python], outputs: [answer] };
}

function expressionTask(rng: Rng): ArithmeticTask {
  for (;;) {
    const expr = levelOneTree(rng);
    const value = tryValue(expr);
    if (!value || !answerFits(value, true)) continue;
    const frame = rng.pick(EXPRESSION_FRAMES);
    const question = [...frame.prefix, ...exprTokens(expr), frame.suffix].join(' ');
    return oneProgram(1, question, value.toString(), pythonProgram(expr));
  }
}

function wordTask(rng: Rng, template: WordTemplate): ArithmeticTask {
  for (;;) {
    const a = rng.intBetween(1, LEVEL_1.maxLiteral);
    const b = rng.intBetween(1, LEVEL_1.maxLiteral);
    const expr: Expr = {
      kind: 'op',
      op: template.op,
      left: { kind: 'num', value: a },
      right: { kind: 'num', value: b },
    };
    const value = tryValue(expr);
    if (!value || !answerFits(value, true)) continue;
    const question = template.text
      .replace(/\{a\}/g, String(a))
      .replace(/\{b\}/g, String(b))
      .replace(/\{name\}/g, rng.pick(NAMES))
      .replace(/\{item\}/g, rng.pick(ITEMS));
    return oneProgram(1, question, value.toString(), pythonProgram(expr));
  }
}

/** One task of the given difficulty: level 1 a word problem a quarter of the time, levels 2–7 step problems. */
export function generateTask(rng: Rng, difficulty: Difficulty): ArithmeticTask {
  if (!DIFFICULTIES.includes(difficulty)) {
    throw new Error(`generateTask: difficulty must be one of 1–7 (got ${String(difficulty)}).`);
  }
  if (difficulty !== 1) {
    const t = generateStepTask(rng, difficulty);
    return {
      difficulty,
      question: t.question,
      answer: t.answer,
      python: t.python,
      programs: [...t.programs],
      outputs: [t.firstValue, t.answer],
    };
  }
  if (rng.next() < 0.25) return wordTask(rng, rng.pick(WORD_TEMPLATES.filter((t) => t.level1)));
  return expressionTask(rng);
}

/**
 * The level of a plain expression: 1 for two single-digit literals joined by + or −; otherwise the
 * step level whose first expression's bounds admit its literals (a division: level 7).
 */
function levelOf(e: Expr): Difficulty {
  const literals: number[] = [];
  const ops = new Set<Operator>();
  const walk = (x: Expr): void => {
    if (x.kind === 'num') literals.push(x.value);
    else {
      ops.add(x.op);
      walk(x.left);
      walk(x.right);
    }
  };
  walk(e);
  const levelOne =
    literals.length <= LEVEL_1.operands &&
    literals.every((n) => n <= LEVEL_1.maxLiteral) &&
    [...ops].every((o) => LEVEL_1.ops.includes(o));
  return levelOne ? 1 : stepLevelOf(literals, [], ops.has('/'));
}

function matchWordTemplate(tokens: readonly string[], template: WordTemplate): Expr | null {
  const pattern = template.text.split(' ');
  if (pattern.length !== tokens.length) return null;
  const bound = new Map<string, string>();
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const t = tokens[i] as string;
    if (!p.startsWith('{')) {
      if (p !== t) return null;
      continue;
    }
    const ok = p === '{a}' || p === '{b}' ? /^\d{1,9}$/.test(t) : (p === '{name}' ? NAMES : ITEMS).includes(t);
    if (!ok || (bound.has(p) && bound.get(p) !== t)) return null;
    bound.set(p, t);
  }
  return {
    kind: 'op',
    op: template.op,
    left: { kind: 'num', value: Number(bound.get('{a}')) },
    right: { kind: 'num', value: Number(bound.get('{b}')) },
  };
}

export interface OracleAnswer {
  answer: string;
  difficulty: Difficulty;
}

/**
 * The oracle: the exact answer of any question written in the family's forms (also ones the
 * questioner invents, e.g. new numbers in a known frame), or null when the text is not such a
 * question or has no value (division by zero).
 */
export function solveQuestion(question: string): OracleAnswer | null {
  const tokens = question.split(/\s+/).filter((t) => t.length > 0);
  const step = solveStepQuestion(tokens);
  if (step) return { answer: step.value.toString(), difficulty: step.level };
  for (const template of WORD_TEMPLATES) {
    const expr = matchWordTemplate(tokens, template);
    const value = expr && tryValue(expr);
    if (expr && value) return { answer: value.toString(), difficulty: levelOf(expr) };
  }
  for (const frame of EXPRESSION_FRAMES) {
    const n = frame.prefix.length;
    if (tokens.length < n + 2 || tokens[tokens.length - 1] !== frame.suffix) continue;
    if (frame.prefix.some((w, i) => tokens[i] !== w)) continue;
    const expr = parseExprTokens(tokens.slice(n, -1));
    const value = expr && tryValue(expr);
    if (expr && value) return { answer: value.toString(), difficulty: levelOf(expr) };
  }
  return null;
}
