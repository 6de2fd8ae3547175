/** Small descriptive statistics shared by the engine, the labs and the summaries. */

/** Arithmetic mean Σx / n, and 0 for an empty list (an iteration with nothing to average). */
export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** A difference of held-out accuracy smaller than this many standard errors is told as noise. */
export const NOISE_STANDARD_ERRORS = 2;

/** Two accuracies on the same n questions compared: a reference (a, e.g. as intended) and another (b). */
export interface AccuracyGap {
  intended: number;
  changed: number;
  /** a − b: positive when the change costs accuracy. */
  cost: number;
  /** Standard error of that difference, √(a(1−a)/n + b(1−b)/n) on n held-out questions. */
  standardError: number;
  /** |a − b| < NOISE_STANDARD_ERRORS · standardError: one seed cannot tell it from chance. */
  withinNoise: boolean;
}

/**
 * Two held-out accuracies a and b on n questions: cost a − b, standard error
 * se = √(a(1−a)/n + b(1−b)/n), within noise when |a − b| < NOISE_STANDARD_ERRORS · se.
 */
export function accuracyGap(a: number, b: number, n: number): AccuracyGap {
  const standardError = Math.sqrt((a * (1 - a)) / n + (b * (1 - b)) / n);
  return {
    intended: a,
    changed: b,
    cost: a - b,
    standardError,
    withinNoise: Math.abs(a - b) < NOISE_STANDARD_ERRORS * standardError,
  };
}
