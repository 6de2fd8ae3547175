/**
 * From judged trajectories to what the policy update uses (docs/algorithms.md §8.3–§8.6): the
 * reward of each sample under the variant's reward mode, whether it enters its group's mean/std,
 * its group-normalised advantage (GRPO's formula, unchanged), which of its steps carry loss, and
 * the per-step weights from process scores.
 *
 * Governance [paper, summary; defaults ours]:
 *   environment failure: every step masked; R = 0 kept in the group statistics (or, with
 *     `environmentInStats: 'drop'`, left out of them and given A = 0);
 *   policy degeneration: every step masked but the last, which stays as a penalty sample with
 *     R = 0 (`degenerateReward: 'judged'` keeps the judge's tier instead);
 *   normal termination: judged, every step trained.
 * Without governance every sample is trained on every step, a crashed or overflowing episode
 * scores R = 0, and a degenerate one gets the judge's reward of its final snippet.
 */
import { grpoAdvantages } from '../grpo';
import { type Termination, terminationClass } from './episode';
import { type RewardMode, outcomeReward } from './reward';
import { type WeightMode, stepWeights } from './weights';

export interface GovernanceSettings {
  enabled: boolean;
  environmentInStats: 'keep' | 'drop';
  degenerateReward: 'zero' | 'judged';
}

export interface SignalSettings {
  reward: RewardMode;
  weights: WeightMode;
  /** Floor of the mean-preserving weights. */
  weightFloor: number;
  governance: GovernanceSettings;
}

export interface JudgedSample {
  group: string | number;
  termination: Termination;
  /** The judge's verdict on the final snippet. */
  compiles: boolean;
  matches: boolean;
  /** Generated tokens of each step. */
  tokenCounts: readonly number[];
  /** Process score of each step. */
  scores: readonly number[];
}

export type MaskCause = 'none' | 'environment' | 'degenerate';

export interface SampleSignal {
  /** The reward the statistics see (also for samples left out of them, for display). */
  reward: number;
  /** Whether the sample enters its group's mean and std. */
  inStats: boolean;
  /** The advantage the update uses. */
  advantage: number;
  /** Advantage when every sample of the group is in the statistics. */
  advantageAllIn: number;
  /** Advantage when the masked samples (environment failures) are left out (0 for those). */
  advantageMaskedOut: number;
  /** Per step: whether its tokens carry loss. */
  trainedSteps: boolean[];
  /** Per step: the weight multiplying its tokens' policy loss. */
  weights: number[];
  maskCause: MaskCause;
}

/** Group-normalised advantages over the chosen members; the others get 0. */
function advantagesOver(
  rewards: readonly number[],
  groups: readonly (string | number)[],
  include: readonly boolean[],
): number[] {
  const idx = rewards.map((_, i) => i).filter((i) => include[i]);
  const { advantages } = grpoAdvantages(
    idx.map((i) => rewards[i] as number),
    idx.map((i) => groups[i] as string | number),
  );
  const out = rewards.map(() => 0);
  idx.forEach((i, k) => (out[i] = advantages[k] as number));
  return out;
}

/** Signals of every sample of a batch (groups are the samples sharing a `group` id). */
export function sampleSignals(samples: readonly JudgedSample[], s: SignalSettings): SampleSignal[] {
  const gov = s.governance;
  const classes = samples.map((x) => terminationClass(x.termination));
  const rewards = samples.map((x, i) => {
    if (classes[i] === 'environment') return 0;
    if (classes[i] === 'degenerate' && gov.enabled && gov.degenerateReward === 'zero') return 0;
    return outcomeReward(s.reward, x.compiles, x.matches);
  });
  const groups = samples.map((x) => x.group);
  const allIn = advantagesOver(
    rewards,
    groups,
    samples.map(() => true),
  );
  const maskedOut = advantagesOver(
    rewards,
    groups,
    classes.map((c) => c !== 'environment'),
  );
  const dropEnvironment = gov.enabled && gov.environmentInStats === 'drop';
  return samples.map((x, i) => {
    const cls = classes[i] as string;
    const inStats = !(dropEnvironment && cls === 'environment');
    const advantage = dropEnvironment ? (maskedOut[i] as number) : (allIn[i] as number);
    const n = x.tokenCounts.length;
    let trainedSteps = x.tokenCounts.map(() => true);
    let maskCause: MaskCause = 'none';
    if (gov.enabled && cls === 'environment') {
      trainedSteps = trainedSteps.map(() => false);
      maskCause = 'environment';
    } else if (gov.enabled && cls === 'degenerate') {
      trainedSteps = trainedSteps.map((_, k) => k === n - 1);
      maskCause = 'degenerate';
    }
    const weights = stepWeights(s.weights, x.compiles ? x.scores : null, x.tokenCounts, advantage, s.weightFloor);
    return {
      reward: rewards[i] as number,
      inStats,
      advantage,
      advantageAllIn: allIn[i] as number,
      advantageMaskedOut: maskedOut[i] as number,
      trainedSteps,
      weights,
      maskCause,
    };
  });
}
