/**
 * Answer equivalence for self-consistency voting (docs/algorithms.md §2.2): two answers are one
 * answer when the strings match after light normalisation, or when both read as the same exact
 * rational number: integers ("12", "+12", "12.", "12.0"), decimals ("0.5", ".5", "0.50", "1e-3"),
 * fractions ("1/2", "-1/2", "1/-2") and LaTeX fractions ("\frac{1}{2}", "\dfrac12",
 * "\tfrac{-1}{2}", "-\frac{1}{2}"), with surrounding "$", "\(", "\)" and spaces ignored.
 */
import { Rational } from './rational';

/** Strip math delimiters, LaTeX spacing commands, whitespace and one pair of wrapping braces. */
export function normalizeAnswer(raw: string): string {
  let s = raw.trim();
  for (;;) {
    const before = s;
    if (s.length >= 2 && s.startsWith('$') && s.endsWith('$')) s = s.slice(1, -1).trim();
    if (/^\\[([][\s\S]*\\[)\]]$/.test(s)) s = s.slice(2, -2).trim();
    if (s === before) break;
  }
  s = s.replace(/\\left|\\right|\\[,!;: ]/g, '').replace(/\s+/g, '');
  if (s.startsWith('{') && s.endsWith('}') && bracesBalancedInside(s.slice(1, -1))) s = s.slice(1, -1);
  return s;
}

function bracesBalancedInside(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

const DECIMAL = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d{1,4}))?$/;

/** An optionally signed integer or decimal (with optional exponent) as an exact rational. */
function parseDecimal(s: string): Rational | null {
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const [, sign, body = '', exp] = m;
  const [intPart = '', fracPart = ''] = body.split('.');
  let num = BigInt((intPart || '0') + fracPart);
  let den = 10n ** BigInt(fracPart.length);
  const e = exp ? Number(exp) : 0;
  if (e > 0) num *= 10n ** BigInt(e);
  if (e < 0) den *= 10n ** BigInt(-e);
  if (sign === '-') num = -num;
  return new Rational(num, den);
}

/** A brace group `{x}` or a single character at position i; returns the content and the next index. */
function latexArgument(s: string, i: number): { arg: string; next: number } | null {
  if (i >= s.length) return null;
  if (s[i] !== '{') return { arg: s[i] as string, next: i + 1 };
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return { arg: s.slice(i + 1, j), next: j + 1 };
  }
  return null;
}

function parseLatexFraction(s: string): Rational | null {
  const m = /^([+-]?)\\[dt]?frac/.exec(s);
  if (!m) return null;
  const numArg = latexArgument(s, m[0].length);
  const denArg = numArg && latexArgument(s, numArg.next);
  if (!numArg || !denArg || denArg.next !== s.length) return null;
  const value = divide(parseNumber(numArg.arg), parseNumber(denArg.arg));
  return value && m[1] === '-' ? new Rational(-value.num, value.den) : value;
}

function divide(a: Rational | null, b: Rational | null): Rational | null {
  return a && b && b.num !== 0n ? a.div(b) : null;
}

/** The exact value of a normalised answer, or null when it is not a number this module reads. */
export function parseNumber(s: string): Rational | null {
  const n = normalizeAnswer(s);
  if (n.length === 0 || n.length > 200) return null;
  const latex = parseLatexFraction(n);
  if (latex) return latex;
  const slash = n.indexOf('/');
  if (slash > 0 && slash === n.lastIndexOf('/')) {
    return divide(parseDecimal(n.slice(0, slash)), parseDecimal(n.slice(slash + 1)));
  }
  return parseDecimal(n);
}

/** Exact match, normalised match, or the same exact number (the relation is symmetric). */
export function answersEquivalent(a: string, b: string): boolean {
  if (a === b) return true;
  const na = normalizeAnswer(a);
  const nb = normalizeAnswer(b);
  if (na === nb) return na.length > 0;
  const va = parseNumber(na);
  const vb = parseNumber(nb);
  return va !== null && vb !== null && va.equals(vb);
}
