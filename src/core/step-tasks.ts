/**
 * Step problems, levels 2–7 of the task family (issue #59's ladder): a value is computed, then used.
 *
 *   "Let x = E1 . What is E2 ?"   where E2 contains the name x once.
 *
 * A solver that uses the tool does it in two calls, as the pre-training corpus shows: the first
 * program prints v = E1, the second sets x to the observed v and prints E2 as the question writes
 * it ("x = 20\nprint(x * 14)"). The oracle reads such a question by putting ( E1 ) in place of x.
 * Level by level both programs grow, so each level has the solver copy more, and longer, operands
 * exactly (operators + − * only, so no generated program needs exact fractions):
 *
 * | level | E1 operands | E1 literals ≤ | E2 other operands | E2 literals ≤ |
 * | 2     | 2           | 30            | 1                 | 20            |
 * | 3     | 3           | 30            | 1                 | 20            |
 * | 4     | 3           | 50            | 1                 | 20            |
 * | 5     | 3           | 50            | 2                 | 20            |
 * | 6     | 3           | 99            | 2                 | 20            |
 * | 7     | 4           | 99            | 2                 | 20            |
 *
 * A step question's level is the lowest whose four bounds all admit it; one beyond level 6's
 * bounds, or with a division, is level 7.
 */
import { type Expr, type Operator, evaluate, exprTokens, parseExprTokens, pythonProgram } from './expression';
import type { Rng } from './random';
import type { Rational } from './rational';

export const STEP_NAME = 'x';
/** The words of the step frame: "Let x = … . What is … ?". */
export const STEP_WORDS: readonly string[] = ['Let', STEP_NAME, '=', '.', 'What', 'is', '?'];

/** The sizes of a step problem: E1's operand count range and largest literal, E2's other operands and their largest. */
export interface StepLevel {
  first: { operands: [number, number]; maxLiteral: number };
  secondOperands: number;
  secondMaxLiteral: number;
}

export type StepDifficulty = 2 | 3 | 4 | 5 | 6 | 7;
export const STEP_DIFFICULTIES: readonly StepDifficulty[] = [2, 3, 4, 5, 6, 7];

/** Each step level's sizes (the table above). */
export const STEP_LEVELS: Record<StepDifficulty, StepLevel> = {
  2: { first: { operands: [2, 2], maxLiteral: 30 }, secondOperands: 1, secondMaxLiteral: 20 },
  3: { first: { operands: [3, 3], maxLiteral: 30 }, secondOperands: 1, secondMaxLiteral: 20 },
  4: { first: { operands: [3, 3], maxLiteral: 50 }, secondOperands: 1, secondMaxLiteral: 20 },
  5: { first: { operands: [3, 3], maxLiteral: 50 }, secondOperands: 2, secondMaxLiteral: 20 },
  6: { first: { operands: [3, 3], maxLiteral: 99 }, secondOperands: 2, secondMaxLiteral: 20 },
  7: { first: { operands: [4, 4], maxLiteral: 99 }, secondOperands: 2, secondMaxLiteral: 20 },
};

/**
 * The lowest step level whose bounds admit E1's `first` literals and E2's `others` (a division
 * anywhere, or sizes beyond level 6's: level 7). A plain expression is placed as an E1 with no E2.
 */
export function stepLevelOf(first: readonly number[], others: readonly number[], divides: boolean): StepDifficulty {
  if (divides) return 7;
  const admits = (s: StepLevel) =>
    first.length <= s.first.operands[1] &&
    Math.max(...first) <= s.first.maxLiteral &&
    others.length <= s.secondOperands &&
    others.every((n) => n <= s.secondMaxLiteral);
  return STEP_DIFFICULTIES.find((d) => admits(STEP_LEVELS[d])) ?? 7;
}

const STEP_OPS: readonly Operator[] = ['+', '-', '*'];

/** A step task: the question, its exact answer, and the two programs a tool user runs. */
export interface StepTask {
  question: string;
  answer: string;
  /** One program for the whole question (E2 with ( E1 ) in place of x). */
  python: string;
  /** The first program (prints E1) and the second (sets x to the first's output, prints E2). */
  programs: [string, string];
  /** What the first program prints. */
  firstValue: string;
}

/** A placeholder leaf for x in E2's tree (a value no literal of the family takes). */
const X_LEAF = -1;

function tree(rng: Rng, leaves: number, maxLiteral: number): Expr {
  if (leaves === 1) return { kind: 'num', value: rng.intBetween(1, maxLiteral) };
  const left = rng.intBetween(1, leaves - 1);
  return {
    kind: 'op',
    op: rng.pick(STEP_OPS),
    left: tree(rng, left, maxLiteral),
    right: tree(rng, leaves - left, maxLiteral),
  };
}

/** E2's tree: `others` literals and one x leaf at a random place. */
function treeWithX(rng: Rng, others: number, maxLiteral: number): Expr {
  const leaves = others + 1;
  const xAt = rng.intBetween(0, leaves - 1);
  let k = 0;
  const build = (n: number): Expr => {
    if (n === 1) return { kind: 'num', value: k++ === xAt ? X_LEAF : rng.intBetween(1, maxLiteral) };
    const left = rng.intBetween(1, n - 1);
    return { kind: 'op', op: rng.pick(STEP_OPS), left: build(left), right: build(n - left) };
  };
  return build(leaves);
}

/** `e` with every x leaf replaced by `by`. */
function substitute(e: Expr, by: Expr): Expr {
  if (e.kind === 'num') return e.value === X_LEAF ? by : e;
  return { ...e, left: substitute(e.left, by), right: substitute(e.right, by) };
}

const BOUND = 1_000_000n;
const fits = (v: Rational): boolean => v.den === 1n && (v.num < 0n ? -v.num : v.num) <= BOUND;

/** One step task of `level`: drawn with the level's sizes until the oracle places it at that level. */
export function generateStepTask(rng: Rng, level: StepDifficulty): StepTask {
  for (;;) {
    const t = generateStep(rng, STEP_LEVELS[level]);
    if (solveStepQuestion(t.question.split(' '))?.level === level) return t;
  }
}

/** One step task of the sizes `spec` (operators + − * only; answers whole and within ±10⁶). */
export function generateStep(rng: Rng, spec: StepLevel): StepTask {
  for (;;) {
    const first = tree(rng, rng.intBetween(...spec.first.operands), spec.first.maxLiteral);
    const second = treeWithX(rng, spec.secondOperands, spec.secondMaxLiteral);
    const v = evaluate(first);
    const whole = substitute(second, first);
    const value = evaluate(whole);
    if (!fits(v) || !fits(value)) continue;
    const firstTokens = exprTokens(first);
    const secondTokens = exprTokens(second, (n) => (n === X_LEAF ? STEP_NAME : String(n)));
    const question = ['Let', STEP_NAME, '=', ...firstTokens, '.', 'What', 'is', ...secondTokens, '?'].join(' ');
    const secondBody = secondTokens.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
    const secondProgram = `${STEP_NAME} = ${v.toString()}\nprint(${secondBody})`;
    return {
      question,
      answer: value.toString(),
      python: pythonProgram(whole),
      programs: [pythonProgram(first), secondProgram],
      firstValue: v.toString(),
    };
  }
}

/**
 * The oracle for step questions: the value and level of "Let x = E1 . What is E2 ?", or null when
 * the text is not of that form (E2 must name x exactly once) or has no value.
 */
export function solveStepQuestion(tokens: readonly string[]): { value: Rational; level: StepDifficulty } | null {
  if (tokens[0] !== 'Let' || tokens[1] !== STEP_NAME || tokens[2] !== '=' || tokens.at(-1) !== '?') return null;
  const dot = tokens.indexOf('.');
  if (dot < 0 || tokens[dot + 1] !== 'What' || tokens[dot + 2] !== 'is') return null;
  const firstTokens = tokens.slice(3, dot);
  const secondTokens = tokens.slice(dot + 3, -1);
  if (secondTokens.filter((t) => t === STEP_NAME).length !== 1) return null;
  const first = parseExprTokens(firstTokens);
  const whole = parseExprTokens(secondTokens.flatMap((t) => (t === STEP_NAME ? ['(', ...firstTokens, ')'] : [t])));
  if (!first || !whole) return null;
  let value: Rational;
  try {
    value = evaluate(whole);
  } catch {
    return null; // division by zero
  }
  const literals = (e: Expr): number[] => (e.kind === 'num' ? [e.value] : [...literals(e.left), ...literals(e.right)]);
  const others = secondTokens.filter((t) => /^\d+$/.test(t)).map(Number);
  const divides = [...firstTokens, ...secondTokens].includes('/');
  return { value, level: stepLevelOf(literals(first), others, divides) };
}
