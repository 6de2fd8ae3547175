/**
 * The executor's algorithms, looked up by `executor.algorithm` (as verl's `register_adv_est`): each
 * entry turns one executor step's rewards into advantages with one shared signature and one named
 * result, says which of its formula terms the page may draw, and carries the language-neutral facts
 * every description reads (its name, its UNIPO name, what it does with s). The list of entries is
 * the one list of names: the setting's type, its rule, the trace type and the export, UNIPO, article
 * and handout all come from it, so a third algorithm is one entry (and its words in src/ui/text).
 */
import { adpoAdvantages } from './adpo';
import type { Agent0Config } from './config';
import type { FormulaTerm } from './formula-terms';
import { grpoAdvantages, type GrpoResult } from './grpo';

/** The executor's settings an algorithm reads (all but the choice of algorithm itself). */
export type ExecutorSettings = Omit<Agent0Config['executor'], 'algorithm'>;

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

export interface ExecutorAlgorithm<Id extends string = string> {
  /** The value of `executor.algorithm`, and verl's `algorithm.adv_estimator` in the export. */
  id: Id;
  /** Its name in text: the export's notes, the article, the handout. */
  name: string;
  /** The UNIPO run log's `algorithm`. */
  unipoName: string;
  /** Whether the released Agent0 executor trainer runs this algorithm (src/core/release.ts). */
  released: boolean;
  /** Whether the Agent0 paper describes this algorithm (§4 GRPO, §5 ADPO of docs/algorithms.md). */
  inPaper: boolean;
  /** The advantages and clip bands of one executor step, from the run's executor settings. */
  advantages: (batch: ExecutorBatch, settings: ExecutorSettings) => ExecutorAdvantages;
  /** Â_i = g(s)·A_i: each group's advantages scaled by its question's self-consistency s. */
  scalesAdvantageByConsistency: boolean;
  /** Each sequence has its own ε_high (ε_high(s)); otherwise every one is clipped at `executor.epsHigh`. */
  perSequenceEpsHigh: boolean;
  /** The terms of its formulas the page may draw (the others are not what this algorithm computes). */
  terms: readonly FormulaTerm[];
}

/** The group-relative terms both algorithms share (§4.1, §4.2). */
const GROUP_TERMS = ['r', 'R', 'mean', 'std', 'A', 'rho', 'band', 'dual'] as const satisfies readonly FormulaTerm[];

/** An entry, its id kept as a literal type. */
const entry = <const Id extends string>(a: ExecutorAlgorithm<Id>): ExecutorAlgorithm<Id> => a;

/** The entries, in the order `executor.algorithm`'s rule lists them. */
const ENTRIES = [
  /** ADPO (§5): Â_i = g(s)·A_i, each sequence clipped to [1 − ε_low, 1 + ε_high(s)]. */
  entry({
    id: 'adpo',
    name: 'ADPO',
    unipoName: 'agent0-adpo',
    released: false,
    inPaper: true,
    advantages: ({ rewards, groups, scores }, e) => adpoAdvantages(rewards, groups, scores, e),
    scalesAdvantageByConsistency: true,
    perSequenceEpsHigh: true,
    terms: [...GROUP_TERMS, 's', 'g', 'eps', 'adpo', 'grpo'],
  }),
  /** GRPO (§4): Â_i = A_i, every sequence clipped to [1 − ε_low, 1 + ε_high]. */
  entry({
    id: 'grpo',
    name: 'GRPO',
    unipoName: 'agent0-grpo',
    released: true,
    inPaper: true,
    advantages: ({ rewards, groups }, e) => {
      const base = grpoAdvantages(rewards, groups);
      return {
        ...base,
        baseAdvantages: base.advantages,
        scales: rewards.map(() => 1),
        epsHigh: rewards.map(() => e.epsHigh),
      };
    },
    scalesAdvantageByConsistency: false,
    perSequenceEpsHigh: false,
    terms: GROUP_TERMS,
  }),
] as const;

/** A value of `executor.algorithm`. */
export type ExecutorAlgorithmId = (typeof ENTRIES)[number]['id'];

/** Every value of `executor.algorithm`, in the registry's order. */
export const EXECUTOR_ALGORITHM_IDS: readonly ExecutorAlgorithmId[] = ENTRIES.map((a) => a.id);

export const EXECUTOR_ALGORITHMS: { readonly [N in ExecutorAlgorithmId]: ExecutorAlgorithm<N> } = Object.fromEntries(
  ENTRIES.map((a) => [a.id, a]),
) as { readonly [N in ExecutorAlgorithmId]: ExecutorAlgorithm<N> };

/** The entry of `name`; throws for a name no entry has. */
export function executorAlgorithm<N extends ExecutorAlgorithmId>(name: N): ExecutorAlgorithm<N> {
  const found = Object.hasOwn(EXECUTOR_ALGORITHMS, name) ? EXECUTOR_ALGORITHMS[name] : undefined;
  if (!found) throw new Error(`executorAlgorithm: no executor algorithm is called "${String(name)}".`);
  return found as ExecutorAlgorithm<N>;
}

/** How a description finds the entry of a run's `executor.algorithm` (a test may hand in its own). */
export type ExecutorAlgorithmLookup = (name: ExecutorAlgorithmId) => ExecutorAlgorithm;
