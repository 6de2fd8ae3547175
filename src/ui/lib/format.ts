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
