/**
 * Trace records: one plain-JSON record per phase of every iteration, holding what the views draw.
 * Token-level detail (ids, per-token strings, masks, ratios, clip branches) is kept for a few
 * sampled groups only, so a whole run's trace stays small.
 */
import type { UpdateStep } from '../../rl/policy-update';
import type { ExecutorAlgorithmId } from '../../core/executor-algorithms';
import type { ClipBranch } from '../../core/loss';

export const PHASES = [
  'questioner-rollouts',
  'contract-parsing',
  'solver-proxy',
  'curriculum-reward',
  'questioner-update',
  'question-pool',
  'self-labelling',
  'curation',
  'executor-update',
  'evaluation',
] as const;

export type PhaseName = (typeof PHASES)[number];

/** Per-token view of one sequence (sampled groups only). */
export interface TokenDetail {
  /** Decoded text of each token. */
  pieces: string[];
  /** 1 = the model wrote it and it carries loss; 0 = prompt or environment observation. */
  mask: number[];
  /** Advantage credited to each token (0 where masked). */
  advantage: number[];
  /** ρ per token at the update that used this sequence (absent before the update). */
  ratio?: number[];
  branch?: ClipBranch[];
}

/** One questioner rollout as written; its contract is read in the next phase (contract-parsing). */
export interface QuestionerRollout {
  group: number;
  text: string;
}

/** The contract read from one questioner rollout (same position as the rollout). */
export interface QuestionerContract {
  /** Parsed question, or null for a contract violation. */
  question: string | null;
  answer: string | null;
  /** The oracle's answer to the question (null when it is outside the task family). */
  trueAnswer: string | null;
}

export interface ProxyResult {
  rollout: number;
  /** Boxed answer of each candidate ("None" without a box). */
  answers: string[];
  /** Executed tool calls of each candidate. */
  toolCalls: number[];
  /** Candidates whose tool call failed in the sandbox (crash or timeout). */
  failedCalls: number;
  majority: string;
  /** The questioner's answer the gate compared with (`proxy.goldenAnswer`); absent in older recordings. */
  golden?: string;
  rawP: number;
  p: number;
  agrees: boolean;
  gated: boolean;
  /** One candidate transcript (the first), for the contract view. */
  transcript: string;
}

export interface RewardParts {
  rollout: number;
  uncertainty: number;
  repetition: number;
  cluster: number;
  tool: number;
  total: number;
}

/** How an update was scheduled and clipped (`updateSchedule`, src/engine/loop/update-schedule.ts). */
export interface UpdateSchedule {
  /** The role's setting: optimizer updates per rollout batch. */
  updatesPerStep: number;
  /** Updates that ran; 1 means ρ ≡ 1 at the only update, so no clip fires. */
  updates: number;
  /** Sequences in each update's mini-batch, in order. */
  sequencesPerUpdate: number[];
  epsLow: number;
  /** The constant ε_high, or null when every sequence has its own (ADPO's ε_high(s)). */
  epsHigh: number | null;
  /** Dual-clip constant c, or null for none. */
  dualClip: number | null;
}

export interface UpdateStats {
  /** One entry per optimizer update (mini-batch). */
  updates: UpdateStep[];
  /** Absent in recordings made before it was added. */
  schedule?: UpdateSchedule;
  groups: { id: number; rewards: number[]; mean: number; std: number; noSignal: boolean; advantages: number[] }[];
  /** Token detail of sampled sequences, keyed by sequence index. */
  tokens: Record<number, TokenDetail>;
}

export interface SelfLabel {
  question: string;
  /** The questioner's own boxed answer. */
  questionerAnswer: string;
  votes: string[];
  buckets: { answer: string; count: number }[];
  pseudoLabel: string;
  score: number;
  trueAnswer: string | null;
  /** Pseudo-label equals the oracle's answer (null when the oracle has none). */
  correct: boolean | null;
  /** Programs the sandbox ran over the question's labelling samples (0 in `plain` mode); absent in older recordings. */
  toolCalls?: number;
}

export interface ExecutorRollout {
  /** The group of `executor.rolloutsPerPrompt` rollouts, which is also the index of its question. */
  group: number;
  text: string;
  answer: string | null;
  reward: number;
  toolCalls: number;
}

export interface EvaluationResult {
  accuracy: number;
  byDifficulty: { difficulty: number; accuracy: number; toolUse: number; n: number }[];
  toolUseRate: number;
  /** Share of self-labelled questions whose pseudo-label equals the oracle's answer. */
  pseudoLabelAccuracy: number | null;
}

export type PhaseData =
  | { phase: 'questioner-rollouts'; rollouts: QuestionerRollout[] }
  | { phase: 'contract-parsing'; contracts: QuestionerContract[]; valid: number; total: number; validRate: number }
  | { phase: 'solver-proxy'; results: ProxyResult[]; meanP: number; toolUseRate: number }
  | { phase: 'curriculum-reward'; parts: RewardParts[]; clusterCount: number; distances: number[][] }
  | { phase: 'questioner-update'; stats: UpdateStats }
  | { phase: 'question-pool'; questions: { question: string; answer: string }[]; generated: number }
  | {
      phase: 'self-labelling';
      labels: SelfLabel[];
      /** `labelling.mode` the samples ran with; absent in older recordings. */
      mode?: 'plain' | 'tool';
    }
  | {
      phase: 'curation';
      kept: number;
      dropped: number;
      inBandShare: number;
      band: [number, number];
      /** Positions, in this iteration's self-labelling record, of the questions kept. */
      keptIndices: number[];
    }
  | {
      phase: 'executor-update';
      algorithm: ExecutorAlgorithmId;
      rollouts: ExecutorRollout[];
      /** Per curated question trained on: s, g(s), ε_high(s). */
      questions: { question: string; pseudoLabel: string; score: number; scale: number; epsHigh: number }[];
      stats: UpdateStats | null;
      note?: string;
    }
  | { phase: 'evaluation'; result: EvaluationResult };

export type PhaseRecord = PhaseData & {
  iteration: number;
  /** Questioner step within the iteration (curriculum phases repeat K times). */
  step: number;
  ms: number;
  backend: string;
  numTensors: number;
};

/** The record type of one phase. */
export type RecordOf<P extends PhaseName> = Extract<PhaseRecord, { phase: P }>;
