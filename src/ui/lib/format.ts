/** Number formatting for labels and tooltips. */

/** Fixed decimals, with a true minus sign and no "-0". */
export function fmt(x: number, digits = 3): string {
  const s = x.toFixed(digits);
  return (Number(s) === 0 ? (0).toFixed(digits) : s).replace('-', '−');
}

/** A signed number with fixed decimals: "+3.0", "−11.7", "0.0" (fmt's true minus sign). */
export function signed(x: number, digits: number): string {
  const s = fmt(x, digits);
  return Number(x.toFixed(digits)) > 0 ? `+${s}` : s;
}

/** Percentage with one decimal. */
export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A fraction like 3/9 when x is k/n for the given n, else three decimals. */
export function fraction(x: number, n: number): string {
  const k = Math.round(x * n);
  return Math.abs(k / n - x) < 1e-9 ? `${k}/${n}` : fmt(x);
}

/** A setting as written: the shortest decimal, without float noise (0.2 + 0.1 → "0.3"). */
export function num(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/** The most decimals a formula's terms are printed with (checkedDigits' search stops here). */
export const MAX_TERM_DIGITS = 6;

/**
 * The fewest decimals d (from `from` up to MAX_TERM_DIGITS) at which a formula's printed terms give
 * its printed result: `combine` of the terms each rounded to d decimals, rounded to `resultDigits(d)`
 * decimals, reads the same as `result` rounded so (a reader with a calculator gets what is shown).
 * Null when no d does (the caller then prints the result computed from the printed terms and says so).
 */
export function checkedDigits(
  terms: readonly number[],
  combine: (shown: number[]) => number,
  result: number,
  from: number,
  resultDigits: (d: number) => number = () => from,
): number | null {
  for (let d = from; d <= MAX_TERM_DIGITS; d++) {
    const shown = terms.map((x) => Number(x.toFixed(d)));
    const r = resultDigits(d);
    if (fmt(combine(shown), r) === fmt(result, r)) return d;
  }
  return null;
}

/**
 * Two numbers and their difference a − b printed with one number of decimals (at least `from`) at
 * which the printed a and b give the printed difference: 0.764 and 0.885 print as "0.76", "0.89"
 * and a difference "0.12" at two decimals (0.89 − 0.76 = 0.13), so they print with three.
 */
export function differenceDigits(a: number, b: number, from = 2): number {
  return (
    checkedDigits(
      [a, b],
      ([x, y]) => (x as number) - (y as number),
      a - b,
      from,
      (d) => d,
    ) ?? MAX_TERM_DIGITS
  );
}

/** a, b and |a − b| as printed with differenceDigits' decimals (the printed pair gives the printed gap). */
export function differenceTexts(a: number, b: number, from = 2): { a: string; b: string; gap: string } {
  const d = differenceDigits(a, b, from);
  return { a: fmt(a, d), b: fmt(b, d), gap: fmt(Math.abs(a - b), d) };
}
