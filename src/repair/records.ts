/**
 * The repair lab's records, as the views and the run files hold them (like src/engine/loop/trace.ts for
 * the Agent0 loop): the metrics of a set of episodes, one sample as the views draw it (tokens,
 * steps with their process rules, scores and weights, its signal), the showcased group of an
 * iteration, and the record of an iteration and of a variant's run.
 */
import { TERMINATIONS, type Termination } from '../core/repair/episode';
import type { RepairVariant } from '../core/repair/config';
import { type ProcessRule, PROCESS_SCORES } from '../core/repair/process';
import { tier } from '../core/repair/reward';
import type { SampleSignal } from '../core/repair/signals';
import type { RepairTask } from '../core/repair/tasks';
import type { TinyLM } from '../model/model';
import type { RepairEpisode } from './rollout';

export interface EpisodeMetrics {
  episodes: number;
  /** Share of final snippets that compile. */
  compileRate: number;
  /** Share that compile and behave as the ground truth on every input. */
  strictAccuracy: number;
  /** Mean number of actions per episode. */
  meanSteps: number;
  /** Share of episodes ending in each way. */
  terminations: Record<Termination, number>;
}

/** What a held-out evaluation reports per variant: compile rate, strict accuracy and mean steps. */
export type HeldOutMetrics = Pick<EpisodeMetrics, 'compileRate' | 'strictAccuracy' | 'meanSteps'>;

export interface StepView {
  text: string;
  observation: string;
  rule: ProcessRule;
  score: number;
  weight: number;
  trained: boolean;
}

export interface SampleView {
  /** Completion tokens (after the prompt) as text, and the step each belongs to (−1: observation). */
  tokens: string[];
  stepOfToken: number[];
  steps: StepView[];
  termination: Termination;
  compiles: boolean;
  matches: boolean;
  /** The exception class the final snippet's module level raised (so not repaired), when it did. */
  raised?: string;
  tier: number;
  /** Whether the weights apply (only trajectories whose final snippet compiles are scored). */
  scored: boolean;
  signal: Omit<SampleSignal, 'trainedSteps' | 'weights'>;
}

export interface GroupView {
  task: Pick<RepairTask, 'id' | 'defect' | 'category' | 'lines' | 'fixed' | 'defectLine'>;
  samples: SampleView[];
}

export interface RepairIterationRecord {
  iteration: number;
  train: EpisodeMetrics & {
    meanReward: number;
    /** Count of samples in tier 0, 0.5, 1. */
    tiers: [number, number, number];
    /** Share of samples whose loss is masked (wholly or all but the last step), by cause. */
    masked: { environment: number; degenerate: number };
    /** Groups whose rewards were all equal (no signal). */
    noSignalGroups: number;
  };
  update: {
    updates: number;
    skipped: number;
    loss: number;
    kl: number;
    clipFraction: number;
    gradNorm: number;
    trainedTokens: number;
  };
  eval: EpisodeMetrics;
  group: GroupView;
  seconds: number;
}

export interface RepairRunRecord {
  variant: RepairVariant;
  baseline: EpisodeMetrics;
  iterations: RepairIterationRecord[];
}

/** Shares, compile rate, strict accuracy and mean steps of a set of episodes. */
export function episodeMetrics(episodes: readonly RepairEpisode[]): EpisodeMetrics {
  const n = Math.max(1, episodes.length);
  const terminations = Object.fromEntries(
    TERMINATIONS.map((t) => [t, episodes.filter((e) => e.termination === t).length / n]),
  ) as Record<Termination, number>;
  return {
    episodes: episodes.length,
    compileRate: episodes.filter((e) => e.compiles).length / n,
    strictAccuracy: episodes.filter((e) => e.compiles && e.matches).length / n,
    meanSteps: episodes.reduce((a, e) => a + e.steps.length, 0) / n,
    terminations,
  };
}

export function sampleView(model: TinyLM, e: RepairEpisode, signal: SampleSignal, rules: ProcessRule[]): SampleView {
  const stepOfToken = e.tokens.slice(e.promptLength).map(() => -1);
  e.spans.forEach(([a, b], k) => {
    for (let t = a; t < b; t++) stepOfToken[t - e.promptLength] = k;
  });
  const { trainedSteps, weights, ...rest } = signal;
  return {
    tokens: e.tokens.slice(e.promptLength).map((id) => model.tokenizer.vocab[id] as string),
    stepOfToken,
    steps: e.steps.map((s, k) => ({
      text: s.text,
      observation: s.observation,
      rule: rules[k] as ProcessRule,
      score: PROCESS_SCORES[rules[k] as ProcessRule],
      weight: weights[k] as number,
      trained: trainedSteps[k] as boolean,
    })),
    termination: e.termination,
    compiles: e.compiles,
    matches: e.matches,
    ...(e.raised === undefined ? {} : { raised: e.raised }),
    tier: tier(e.compiles, e.matches),
    scored: e.compiles,
    signal: rest,
  };
}

/** The group shown in the views: the one with the most distinct tiers (then the widest reward spread, then the first). */
export function showcaseGroup(episodes: readonly RepairEpisode[], signals: readonly SampleSignal[], g: number): number {
  let best = 0;
  let bestKey = -1;
  for (let q = 0; q * g < episodes.length; q++) {
    const idx = Array.from({ length: g }, (_, k) => q * g + k);
    const tiers = new Set(
      idx.map((i) => tier((episodes[i] as RepairEpisode).compiles, (episodes[i] as RepairEpisode).matches)),
    );
    const rewards = idx.map((i) => (signals[i] as SampleSignal).reward);
    const key = tiers.size * 10 + (Math.max(...rewards) - Math.min(...rewards));
    if (key > bestKey) {
      bestKey = key;
      best = q;
    }
  }
  return best;
}
