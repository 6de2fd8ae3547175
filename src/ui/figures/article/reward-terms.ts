/** The batch's value of each curriculum-reward term, for the prompt-clause table (docs/algorithms.md §3). */
import type { RewardParts } from '../../../engine/loop/trace';

export interface TermSummary {
  /** Mean U over the rollouts whose contract was kept. */
  uncertainty: number | null;
  /** Rollouts that broke the contract (U = −1), out of all. */
  violations: number;
  total: number;
  /** Mean repetition share (before the weight). */
  repetition: number | null;
  /** Mean tool term. */
  tool: number | null;
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** A broken contract is the only way to U = −1 (otherwise U ≥ 0). */
export function termSummary(parts: readonly RewardParts[]): TermSummary {
  const violated = parts.map((p) => p.uncertainty === -1);
  return {
    uncertainty: mean(parts.filter((_, i) => !violated[i]).map((p) => p.uncertainty)),
    violations: violated.filter(Boolean).length,
    total: parts.length,
    repetition: mean(parts.map((p) => p.repetition)),
    tool: mean(parts.map((p) => p.tool)),
  };
}
