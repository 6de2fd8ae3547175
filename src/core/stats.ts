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

/** Two shares measured on different question sets: a on na questions, b on nb. */
export interface ShareGap {
  /** b − a: positive when b is higher. */
  change: number;
  /** Standard error of that difference, √(a(1−a)/na + b(1−b)/nb). */
  standardError: number;
  /** |b − a| < NOISE_STANDARD_ERRORS · standardError: no measurable change. */
  withinNoise: boolean;
}

/**
 * Share a on na questions against share b on nb questions: change b − a, standard error
 * se = √(a(1−a)/na + b(1−b)/nb), within noise when |b − a| < NOISE_STANDARD_ERRORS · se.
 */
export function shareGap(a: number, na: number, b: number, nb: number): ShareGap {
  const standardError = Math.sqrt((a * (1 - a)) / na + (b * (1 - b)) / nb);
  return { change: b - a, standardError, withinNoise: Math.abs(b - a) < NOISE_STANDARD_ERRORS * standardError };
}

/** One measure of a variant over its seeds. */
export interface SeedSpread {
  /** One value per seed, in the recording's seed order. */
  perSeed: number[];
  mean: number;
  min: number;
  max: number;
}

/**
 * `below` / `above`: every seed of one side (a variant) scored below (above) every seed of the
 * other (its reference, e.g. the full run), so the seeds' spread cannot explain the difference;
 * `within`: the ranges overlap.
 */
export type Separation = 'below' | 'above' | 'within';

/** Mean, min and max of one value per seed. */
export function seedSpread(perSeed: number[]): SeedSpread {
  return { perSeed, mean: mean(perSeed), min: Math.min(...perSeed), max: Math.max(...perSeed) };
}

/** Whether `variant`'s seeds all lie below or above `reference`'s (ranges that do not overlap). */
export function separation(variant: SeedSpread, reference: SeedSpread): Separation {
  if (variant.max < reference.min) return 'below';
  if (variant.min > reference.max) return 'above';
  return 'within';
}
