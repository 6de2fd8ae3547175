/**
 * The arithmetic task family and its oracle. Every question is whitespace-separated tokens
 * (template words, non-negative integers, + - * / ( ), a final '?' or '.'), so BLEU's whitespace
 * split is meaningful; every answer is exact: an integer or a reduced fraction ("-7/3").
 * Difficulty 1–5 grows the operand count, the operators and the size of the numbers; 6–7 are step
 * problems (a value computed, then used: src/core/step-tasks.ts) that a tool user solves in two calls.
 */
import { type Expr, type Operator, evaluate, exprTokens, parseExprTokens, pythonProgram } from './expression';
import type { Rng } from './random';
import { Rational } from './rational';
import { STEP_WORDS, generateStepTask, solveStepQuestion } from './step-tasks';

export type Difficulty = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3, 4, 5, 6, 7];
/** The levels of single expressions (the step problems 6–7 are built in step-tasks.ts). */
type ExpressionLevel = 1 | 2 | 3 | 4 | 5;
const EXPRESSION_LEVELS: readonly ExpressionLevel[] = [1, 2, 3, 4, 5];

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

interface Level {
  operands: [number, number];
  ops: readonly Operator[];
  maxLiteral: number;
}

/**
 * Level 1 is single-digit facts (a tiny model can learn them by heart), level 2 two-digit sums and
 * small products, levels 3–5 multi-step arithmetic that only the tool gets right reliably.
 */
const LEVELS: Record<ExpressionLevel, Level> = {
  1: { operands: [2, 2], ops: ['+', '-'], maxLiteral: 9 },
  2: { operands: [2, 2], ops: ['+', '-', '*'], maxLiteral: 20 },
  3: { operands: [3, 3], ops: ['+', '-', '*'], maxLiteral: 50 },
  4: { operands: [3, 4], ops: ['+', '-', '*', '/'], maxLiteral: 60 },
  5: { operands: [4, 5], ops: ['+', '-', '*', '/'], maxLiteral: 99 },
};

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
  difficulty: ExpressionLevel;
}

/** Slots: {a} {b} integers, {name} one of NAMES, {item} one of ITEMS (the same item throughout). */
const WORD_TEMPLATES: readonly WordTemplate[] = [
  { text: '{name} has {a} {item} and gets {b} more . How many {item} does {name} have now ?', op: '+', difficulty: 1 },
  { text: '{name} has {a} {item} and gives away {b} . How many {item} are left ?', op: '-', difficulty: 1 },
  {
    text: 'There are {a} boxes with {b} {item} in each box . How many {item} are there in total ?',
    op: '*',
    difficulty: 2,
  },
  {
    text: '{a} {item} are shared equally by {b} friends . How many {item} does each friend get ?',
    op: '/',
    difficulty: 4,
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

function randomTree(rng: Rng, leaves: number, level: Level): Expr {
  if (leaves === 1) return { kind: 'num', value: rng.intBetween(1, level.maxLiteral) };
  const left = rng.intBetween(1, leaves - 1);
  return {
    kind: 'op',
    op: rng.pick(level.ops),
    left: randomTree(rng, left, level),
    right: randomTree(rng, leaves - left, level),
  };
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

function expressionTask(rng: Rng, difficulty: ExpressionLevel): ArithmeticTask {
  const level = LEVELS[difficulty];
  for (;;) {
    const expr = randomTree(rng, rng.intBetween(...level.operands), level);
    const value = tryValue(expr);
    if (!value || !answerFits(value, difficulty === 1)) continue;
    const frame = rng.pick(EXPRESSION_FRAMES);
    const question = [...frame.prefix, ...exprTokens(expr), frame.suffix].join(' ');
    return oneProgram(difficulty, question, value.toString(), pythonProgram(expr));
  }
}

function wordTask(rng: Rng, template: WordTemplate): ArithmeticTask {
  const level = LEVELS[template.difficulty];
  for (;;) {
    const a = rng.intBetween(1, level.maxLiteral);
    const b = rng.intBetween(1, level.maxLiteral);
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
    return oneProgram(template.difficulty, question, value.toString(), pythonProgram(expr));
  }
}

/** One task of the given difficulty; a word problem a quarter of the time where one exists. */
export function generateTask(rng: Rng, difficulty: Difficulty): ArithmeticTask {
  if (!DIFFICULTIES.includes(difficulty)) {
    throw new Error(`generateTask: difficulty must be one of 1–7 (got ${String(difficulty)}).`);
  }
  if (difficulty === 6 || difficulty === 7) {
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
  const words = WORD_TEMPLATES.filter((t) => t.difficulty === difficulty);
  if (words.length > 0 && rng.next() < 0.25) return wordTask(rng, rng.pick(words));
  return expressionTask(rng, difficulty);
}

/** The lowest level whose operand count, operators and literal sizes admit the expression. */
function levelOf(e: Expr): ExpressionLevel {
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
  const max = Math.max(...literals);
  for (const d of EXPRESSION_LEVELS) {
    const level = LEVELS[d];
    if (
      literals.length <= level.operands[1] &&
      max <= level.maxLiteral &&
      [...ops].every((o) => level.ops.includes(o))
    ) {
      return d;
    }
  }
  return 5;
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
    if (value) return { answer: value.toString(), difficulty: template.difficulty };
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
