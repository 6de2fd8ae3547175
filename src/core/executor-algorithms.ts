/**
 * The executor's algorithms, looked up by `executor.algorithm` (as verl's `register_adv_est`): each
 * entry turns one executor step's rewards into advantages with one shared signature and one named
 * result, and says which of its formula terms the page may draw. A third algorithm is one entry.
 */
import { adpoAdvantages } from './adpo';
import type { Agent0Config } from './config';
import type { FormulaTerm } from './formula-terms';
import { grpoAdvantages, type GrpoResult } from './grpo';

export type ExecutorAlgorithmName = Agent0Config['executor']['algorithm'];
export type ExecutorSettings = Agent0Config['executor'];

/** One executor step's batch (docs/algorithms.md §1.5): per rollout, its reward, group and question's s. */
export interface ExecutorBatch {
  /** r_i = +1 when the boxed answer matches the pseudo-label, else −1. */
  rewards: readonly number[];
  /** The group of each rollout: the index of its question. */
  groups: readonly number[];
  /** The self-labelling score s of each rollout's question (§2.2). */
  scores: readonly number[];
}

/** What every algorithm returns, one entry per rollout (with GRPO's group statistics). */
export interface ExecutorAdvantages extends GrpoResult {
  /** The advantage the loss uses, Â_i = scale_i · A_i. */
  advantages: number[];
  /** A_i = (r_i − μ_g) / (σ_g + 10⁻⁶), the group-normalised advantage (§4.1). */
  baseAdvantages: number[];
  /** The factor from A_i to Â_i: ADPO's g(s) (§5.1), 1 under GRPO. */
  scales: number[];
  /** ε_high of the rollout's clip band [1 − ε_low, 1 + ε_high]: ADPO's ε_high(s) (§5.3), `executor.epsHigh` under GRPO. */
  epsHigh: number[];
}

export interface ExecutorAlgorithm {
  /** The advantages and clip bands of one executor step, from the run's executor settings. */
  advantages: (batch: ExecutorBatch, settings: ExecutorSettings) => ExecutorAdvantages;
  /** Each sequence has its own ε_high; otherwise every one is clipped at `executor.epsHigh`. */
  perSequenceEpsHigh: boolean;
  /** The terms of its formulas the page may draw (the others are not what this algorithm computes). */
  terms: readonly FormulaTerm[];
}

/** The group-relative terms both algorithms share (§4.1, §4.2). */
const GROUP_TERMS = ['r', 'R', 'mean', 'std', 'A', 'rho', 'band', 'dual'] as const satisfies readonly FormulaTerm[];

export const EXECUTOR_ALGORITHMS: { readonly [N in ExecutorAlgorithmName]: ExecutorAlgorithm } = {
  /** GRPO (§4): Â_i = A_i, every sequence clipped to [1 − ε_low, 1 + ε_high]. */
  grpo: {
    advantages: ({ rewards, groups }, e) => {
      const base = grpoAdvantages(rewards, groups);
      return {
        ...base,
        baseAdvantages: base.advantages,
        scales: rewards.map(() => 1),
        epsHigh: rewards.map(() => e.epsHigh),
      };
    },
    perSequenceEpsHigh: false,
    terms: GROUP_TERMS,
  },
  /** ADPO (§5): Â_i = g(s)·A_i, each sequence clipped to [1 − ε_low, 1 + ε_high(s)]. */
  adpo: {
    advantages: ({ rewards, groups, scores }, e) => adpoAdvantages(rewards, groups, scores, e),
    perSequenceEpsHigh: true,
    terms: [...GROUP_TERMS, 's', 'g', 'eps', 'adpo', 'grpo'],
  },
};

/** The entry of `name`; throws for a name no entry has. */
export function executorAlgorithm(name: ExecutorAlgorithmName): ExecutorAlgorithm {
  const entry = Object.hasOwn(EXECUTOR_ALGORITHMS, name) ? EXECUTOR_ALGORITHMS[name] : undefined;
  if (!entry) throw new Error(`executorAlgorithm: no executor algorithm is called "${String(name)}".`);
  return entry;
}
