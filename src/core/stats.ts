/** Small descriptive statistics shared by the engine, the labs and the summaries. */

/** Arithmetic mean Σx / n, and 0 for an empty list (an iteration with nothing to average). */
export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}
