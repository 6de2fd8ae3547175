/**
 * Arithmetic expressions over non-negative integer literals with + − * / and parentheses:
 * the tree, its exact value, its spaced text form ("( 12 - 5 ) * 3"), its Python form, and a
 * parser for the spaced text (the oracle reads generated questions back with it).
 */
import { Rational } from './rational';

export type Operator = '+' | '-' | '*' | '/';
export type Expr = { kind: 'num'; value: number } | { kind: 'op'; op: Operator; left: Expr; right: Expr };

const PRECEDENCE: Record<Operator, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };

/** Exact value; throws on division by zero. */
export function evaluate(e: Expr): Rational {
  if (e.kind === 'num') return Rational.of(e.value);
  const a = evaluate(e.left);
  const b = evaluate(e.right);
  switch (e.op) {
    case '+':
      return a.add(b);
    case '-':
      return a.sub(b);
    case '*':
      return a.mul(b);
    case '/':
      return a.div(b);
  }
}

/** Tokens with the fewest parentheses that keep the tree's meaning (left-associative operators). */
export function exprTokens(e: Expr, wrapNumber: (n: number) => string = String): string[] {
  if (e.kind === 'num') return [wrapNumber(e.value)];
  const p = PRECEDENCE[e.op];
  const side = (child: Expr, isRight: boolean): string[] => {
    const inner = exprTokens(child, wrapNumber);
    if (child.kind === 'num') return inner;
    const cp = PRECEDENCE[child.op];
    const needs = cp < p || (isRight && cp === p && (e.op === '-' || e.op === '/'));
    return needs ? ['(', ...inner, ')'] : inner;
  };
  return [...side(e.left, false), e.op, ...side(e.right, true)];
}

/** Whether any division occurs (then Python needs exact fractions). */
export function hasDivision(e: Expr): boolean {
  return e.kind === 'op' && (e.op === '/' || hasDivision(e.left) || hasDivision(e.right));
}

/** `print(...)` line whose output is the exact value as Python's Fraction/int prints it. */
export function pythonProgram(e: Expr): string {
  const division = hasDivision(e);
  const body = exprTokens(e, division ? (n) => `F(${n})` : String)
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')');
  return division ? `from fractions import Fraction as F\nprint(${body})` : `print(${body})`;
}

/**
 * Parse spaced tokens of an expression (integers, + - * /, parentheses) with the usual precedence
 * and left associativity. Returns null for anything else (the tokens are not an expression).
 */
export function parseExprTokens(tokens: readonly string[]): Expr | null {
  let pos = 0;
  const peek = (): string | undefined => tokens[pos];
  const primary = (): Expr | null => {
    const t = peek();
    if (t === '(') {
      pos++;
      const inner = sum();
      if (!inner || peek() !== ')') return null;
      pos++;
      return inner;
    }
    if (t !== undefined && /^\d{1,9}$/.test(t)) {
      pos++;
      return { kind: 'num', value: Number(t) };
    }
    return null;
  };
  const chain = (next: () => Expr | null, ops: readonly string[]): Expr | null => {
    let left = next();
    while (left && ops.includes(peek() ?? '')) {
      const op = tokens[pos++] as Operator;
      const right = next();
      if (!right) return null;
      left = { kind: 'op', op, left, right };
    }
    return left;
  };
  const product = (): Expr | null => chain(primary, ['*', '/']);
  const sum = (): Expr | null => chain(product, ['+', '-']);
  const e = sum();
  return e && pos === tokens.length ? e : null;
}
