/**
 * Settings of the signal-reshaping lab and its ablation variants. Every choice the paper leaves
 * open is a setting here [ours]; `validateRepairConfig` names the first bad value.
 */
import type { RewardMode } from './reward';
import { REWARD_MODES } from './reward';
import type { GovernanceSettings } from './signals';
import { WEIGHT_MODES, type WeightMode } from './weights';

export interface RepairVariant {
  name: string;
  reward: RewardMode;
  weights: WeightMode;
  governance: boolean;
}

/** The ablation ladder, on one task set and seed: binary baselines, layered, each weighting mode, then governance. */
export const ABLATION_VARIANTS: readonly RepairVariant[] = [
  { name: 'binary-compile', reward: 'binary-compile', weights: 'none', governance: false },
  { name: 'binary-strict', reward: 'binary-strict', weights: 'none', governance: false },
  { name: 'layered', reward: 'layered', weights: 'none', governance: false },
  { name: 'layered+raw', reward: 'layered', weights: 'raw', governance: false },
  { name: 'layered+mean-preserving', reward: 'layered', weights: 'mean-preserving', governance: false },
  { name: 'layered+sign-aware', reward: 'layered', weights: 'sign-aware', governance: false },
  { name: 'full', reward: 'layered', weights: 'mean-preserving', governance: true },
];

export interface RepairConfig {
  seed: number;
  iterations: number;
  /** Tasks per iteration (Q) and rollouts per task (G). */
  tasksPerIteration: number;
  groupSize: number;
  /** Tool calls allowed per episode; reaching it ends the episode as degenerate (too many calls). */
  maxSteps: number;
  /** The same action this many times in a row ends the episode as degenerate (repetition). */
  repetitionLimit: number;
  /** Token limit of one action line; a longer one is cut and counts as malformed. */
  maxActionTokens: number;
  temperature: number;
  /** Chance that a tool call fails in the environment (half crashes, half time-outs), drawn from the seed. */
  failureRate: number;
  /** Sandbox time limit of one call, in ms. */
  callTimeoutMs: number;
  weightFloor: number;
  governance: Omit<GovernanceSettings, 'enabled'>;
  learningRate: number;
  clipLow: number;
  clipHigh: number;
  klCoef: number;
  /** Policy updates per iteration (the batch is cut into this many mini-batches, one pass). */
  miniBatches: number;
  /** Held-out tasks of the evaluation (no injected failures), fixed by `evalSeed`. */
  evalTasks: number;
  /**
   * Sampling temperature of the evaluation; 0 = greedy. Default 1, the training temperature: the
   * pre-trained agent's greedy choice is already right on every snippet it can fix, so greedy
   * curves stay flat while the policy's distribution moves.
   */
  evalTemperature: number;
  evalSeed: number;
}

export const DEFAULT_REPAIR_CONFIG: RepairConfig = {
  seed: 1,
  iterations: 20,
  tasksPerIteration: 8,
  groupSize: 8,
  maxSteps: 6,
  repetitionLimit: 3,
  maxActionTokens: 24,
  temperature: 1,
  failureRate: 0.05,
  callTimeoutMs: 2000,
  weightFloor: 0.1,
  governance: { environmentInStats: 'keep', degenerateReward: 'zero' },
  learningRate: 3e-4,
  clipLow: 0.2,
  clipHigh: 0.28,
  klCoef: 0.01,
  miniBatches: 2,
  evalTasks: 140,
  evalTemperature: 1,
  evalSeed: 909090,
};

const positiveInt = (v: number): boolean => Number.isInteger(v) && v >= 1;

/** Throws naming the first bad setting; returns the config unchanged otherwise. */
export function validateRepairConfig(c: RepairConfig): RepairConfig {
  const ints = ['iterations', 'tasksPerIteration', 'maxSteps', 'maxActionTokens', 'miniBatches', 'evalTasks'] as const;
  for (const k of ints)
    if (!positiveInt(c[k])) throw new Error(`repair.${k} must be a positive integer (got ${c[k]}).`);
  if (!Number.isInteger(c.seed)) throw new Error(`repair.seed must be an integer (got ${c.seed}).`);
  if (!Number.isInteger(c.groupSize) || c.groupSize < 2)
    throw new Error(
      `repair.groupSize must be an integer ≥ 2: GRPO compares rollouts of one task (got ${c.groupSize}).`,
    );
  if (!Number.isInteger(c.repetitionLimit) || c.repetitionLimit < 2)
    throw new Error(`repair.repetitionLimit must be an integer ≥ 2 (got ${c.repetitionLimit}).`);
  if (!(c.evalTemperature >= 0)) throw new Error(`repair.evalTemperature must be ≥ 0 (got ${c.evalTemperature}).`);
  if (!(c.temperature > 0)) throw new Error(`repair.temperature must be > 0 (got ${c.temperature}).`);
  if (!(c.failureRate >= 0 && c.failureRate < 1))
    throw new Error(`repair.failureRate must lie in [0, 1) (got ${c.failureRate}).`);
  if (!(c.weightFloor >= 0 && c.weightFloor <= 1))
    throw new Error(`repair.weightFloor must lie in [0, 1] (got ${c.weightFloor}).`);
  if (!(c.callTimeoutMs > 0)) throw new Error(`repair.callTimeoutMs must be > 0 (got ${c.callTimeoutMs}).`);
  if (!(c.learningRate > 0)) throw new Error(`repair.learningRate must be > 0 (got ${c.learningRate}).`);
  if (!(c.clipLow > 0 && c.clipLow < 1)) throw new Error(`repair.clipLow must lie in (0, 1) (got ${c.clipLow}).`);
  if (!(c.clipHigh > 0)) throw new Error(`repair.clipHigh must be > 0 (got ${c.clipHigh}).`);
  if (!(c.klCoef >= 0)) throw new Error(`repair.klCoef must be ≥ 0 (got ${c.klCoef}).`);
  if (!['keep', 'drop'].includes(c.governance.environmentInStats))
    throw new Error(
      `repair.governance.environmentInStats must be keep or drop (got ${c.governance.environmentInStats}).`,
    );
  if (!['zero', 'judged'].includes(c.governance.degenerateReward))
    throw new Error(
      `repair.governance.degenerateReward must be zero or judged (got ${c.governance.degenerateReward}).`,
    );
  return c;
}

/** Throws when a variant names an unknown reward or weighting mode. */
export function validateVariant(v: RepairVariant): RepairVariant {
  if (!REWARD_MODES.includes(v.reward)) throw new Error(`variant ${v.name}: unknown reward mode ${v.reward}.`);
  if (!WEIGHT_MODES.includes(v.weights)) throw new Error(`variant ${v.name}: unknown weighting mode ${v.weights}.`);
  return v;
}

/** A variant by name, or every variant for "all"; throws listing the names for anything else. */
export function selectVariants(names: string): RepairVariant[] {
  if (names === 'all') return [...ABLATION_VARIANTS];
  return names.split(',').map((n) => {
    const v = ABLATION_VARIANTS.find((x) => x.name === n.trim());
    if (!v)
      throw new Error(
        `Unknown ablation variant ${JSON.stringify(n)}; choose all or some of: ${ABLATION_VARIANTS.map((x) => x.name).join(', ')}.`,
      );
    return v;
  });
}
