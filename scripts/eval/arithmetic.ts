/**
 * Oracle stand-in for Python when no sandbox is available: runs only programs of the form the
 * task family writes (an optional `from fractions import Fraction as F` line, then
 * `print(<arithmetic over integers and F(n)>)`) and prints what Python would print. Anything else
 * gives a Python-like error line.
 */
import { evaluate, parseExprTokens } from '../../src/core/expression';

/** stdout of the program (the exact value as Fraction prints it), or an error text. */
export function runPrintedArithmetic(code: string): string {
  const lines = code.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const usesFraction = lines[0] === 'from fractions import Fraction as F';
  const body = usesFraction ? lines.slice(1) : lines;
  const m = body.length === 1 ? /^print\((.*)\)$/.exec(body[0] as string) : null;
  if (!m) return 'SyntaxError: invalid syntax';
  const inner = m[1] as string;
  if (!usesFraction && inner.includes('F(')) return "NameError: name 'F' is not defined";
  const tokens = inner.replace(/F\((\d+)\)/g, '$1').replace(/([()+\-*/])/g, ' $1 ').split(/\s+/).filter((t) => t.length > 0);
  const expr = parseExprTokens(tokens);
  if (!expr) return 'SyntaxError: invalid syntax';
  try {
    const value = evaluate(expr);
    if (!usesFraction && inner.includes('/')) {
      const x = Number(value.num) / Number(value.den);
      return Number.isInteger(x) ? x.toFixed(1) : String(x);
    }
    return value.toString();
  } catch {
    return 'ZeroDivisionError: division by zero';
  }
}
