/**
 * The shapes of the page's sentences that carry numbers: message functions with parameters (never
 * fragments joined in code, since Korean orders the words differently). The numbers they receive
 * come from the run's settings (`Agent0Config`) or from its trace.
 */
import type { Agent0Config } from '../../core/config';
import type { ExecutorAlgorithm } from '../../core/executor-algorithms';
import type { Termination } from '../../core/repair/episode';
import type { SettingProblem } from '../lib/settings';
import type { TexWords } from '../lib/tex';
import type { MetricKey } from '../../engine/loop/metrics';

/** The name of each per-iteration metric, keyed by its row in the metric table (src/engine/loop/metrics.ts). */
export type MetricWords = Record<MetricKey, string>;

/** Words of the marks' tooltips, legends and small labels of the figures. */
export interface MarkTexts {
  rollout: (i: number) => string;
  majority: (p: string, answer: string) => string;
  gated: (minP: number) => string;
  parts: Record<'uncertainty' | 'repetition' | 'tool', string>;
  partValue: (rollout: number, part: string, value: string) => string;
  rewardTotal: (rollout: number, cluster: number) => string;
  penalty: string;
  tool: string;
  distance: (i: number, j: number, d: string, a: number, b: number) => string;
  clusterCount: (clusters: number, batch: number) => string;
  vote: (j: number, answer: string, bucket: number, count: number) => string;
  pseudoLabel: (label: string) => string;
  scoreBin: (s: string, count: number) => string;
  group: (id: number) => string;
  member: (group: number, member: number) => string;
  sequence: (seq: number) => string;
  sequenceToken: (seq: number, token: number) => string;
  clipBand: (seq: number, low: string, high: string) => string;
  branches: Record<'none' | 'low-clip' | 'high-clip' | 'dual-clip', string>;
  clipKinds: Record<'low' | 'high' | 'dual', string>;
  clipFraction: (update: number, kind: string, share: string) => string;
  meanRatioDev: string;
  masked: string;
  maskedToken: string;
  candidate: (j: number, answer: string, calls: number) => string;
  iterationValue: (metric: string, iteration: number, value: string) => string;
  baseModel: (value: string) => string;
  trustBand: (low: number, high: number) => string;
  clipBandOf: (low: string, high: string) => string;
  pseudoColumn: string;
  seed: (seed: number) => string;
  iteration: (i: number) => string;
  runControls: string;
  phases: string;
  chapters: string;
  questions: (n: number) => string;
  /** Progress of the executor's tool calls (the engine's progress label `tool calls`). */
  toolCalls: string;
  /** How a repair episode ended (src/core/repair/episode.ts). */
  terminations: Record<Termination, string>;
}

/** Notes beside the views: each reads the run's settings and says what they mean. */
export interface NoteTexts {
  /** Next to the questioner's clip view: the schedule, ρ on the first update, the KL term. */
  firstUpdate: (updates: number, klCoef: number) => string;
  /** Beside the questioner's groups when `questioner.train` is false (Table 3's ablation): no update is made. */
  questionerFrozen: string;
  /** Next to the executor's clip view: its schedule and what that means for ρ and the clip. */
  executorSchedule: (updates: number) => string;
  /** What the executor's update is in this run (its algorithm's registry entry), against the released code. */
  released: (e: Agent0Config['executor'], algorithm: ExecutorAlgorithm) => string;
  /** The run's `release.mode`: Agent0's stated intent, or its released code's behaviour. */
  releaseMode: (mode: Agent0Config['release']['mode']) => string;
  noSignal: string;
  /** The executor's update was skipped: curation kept no question. */
  noCurated: string;
  /** In place of ADPO's g(s) and ε_high(s) when the executor ran GRPO (or another algorithm without them): the clip band its update used. */
  executorGrpo: (
    clip: { epsLow: number; epsHigh: number; dualClip: number | null },
    algorithm: ExecutorAlgorithm,
  ) => string;
  oracle: string;
  gate: (gate: boolean, minP: number) => string;
  golden: (mode: Agent0Config['proxy']['goldenAnswer']) => string;
  toolSource: (source: Agent0Config['reward']['toolRewardSource']) => string;
  unchecked: (mode: Agent0Config['proxy']['uncheckedAnswer']) => string;
  /** Whether a question the oracle cannot read is a contract violation (`proxy.unreadableQuestion`). */
  unreadable: (mode: Agent0Config['proxy']['unreadableQuestion']) => string;
  /** The tool term's weight per call in this run, beside the released code's (`released`) and the paper's λ_tool (`paper`). */
  toolWeight: (perCall: number, released: number, paper: number) => string;
  labellingMode: (mode: Agent0Config['labelling']['mode']) => string;
  evaluators: (c: Agent0Config) => string;
  curationBound: (min: number, max: number) => string;
}

export type { SettingProblem };

/** The sections of the two articles that the page shows next to live or recorded data. */
export interface ArticleTexts {
  layoutTitle: string;
  layoutRows: { side: string; folder: string; env: string; algorithm: string }[];
  layoutBase: (params: number) => string;
  layoutHead: Record<'role' | 'folder' | 'env' | 'algorithm', string>;
  promptTitle: string;
  promptIntro: string;
  promptHead: Record<'term' | 'clause' | 'here' | 'batch', string>;
  promptRows: Record<'uncertainty' | 'violation' | 'repetition' | 'tool', { clause: string; here: string }>;
  /** The "here" of two rows where the run's settings change it: a check required (proxy.uncheckedAnswer), the released tool term. */
  promptHereWhen: { checkRequired: string; releasedTool: string };
  persona: string;
  executorPromptsTitle: string;
  executorPromptsHead: Record<'role' | 'agent0' | 'here', string>;
  executorPrompts: Record<'questioner' | 'plain' | 'tool' | 'observation', { role: string; agent0: string }>;
  fenceNote: string;
  samplingTitle: string;
  samplingHead: Record<'stage' | 'n' | 'temperature' | 'topP' | 'topK' | 'turns' | 'agent0', string>;
  samplingStages: Record<'questioner' | 'proxy' | 'pool' | 'labelling' | 'executor', string>;
  maxTokens: string;
  matchingTitle: string;
  matching: string;
  matchingHead: Record<'a' | 'b' | 'same', string>;
  grpoScriptTitle: string;
  grpoScriptHead: Record<'setting' | 'agent0' | 'run', string>;
  grpoScriptRows: Record<'n' | 'batch' | 'steps' | 'updates' | 'save', string>;
  /** Agent0's updates per step: its rollout batch over its update batch, e.g. 512 / 128 = 4. */
  updatesOf: (rolloutBatch: number, globalBatch: number) => string;
  /** Agent0's max_steps, and the step whose checkpoint the script merges. */
  stepsKept: (maxSteps: number, kept: number) => string;
  everyStep: string;
  everyIteration: string;
  degenerateTitle: string;
  degenerate: Record<'equal' | 'outlier' | 'single' | 'split', (count: string) => string>;
  degenerateOutlierA: (g: number, a: string) => string;
  degenerateSplitA: (g: number, a: string) => string;
  executorRewardTitle: string;
  executorRewardCounts: (plus: number, minus: number) => string;
  yes: string;
  no: string;
  notesTitle: string;
}

/** Chapter bodies that name the run's numbers are functions of its settings. */
export type ChapterBody = string[] | ((c: Agent0Config) => string[]);

export type { TexWords };
