/**
 * The simulator's settings: one typed object with Agent0's rules and defaults (docs/algorithms.md
 * §1–§6), three named presets, and validation that names the field and its allowed range. Model
 * sizes are not settings of a run: both roles start from the base checkpoint and keep its shapes.
 */
import type { ExecutorAlgorithmId } from './executor-algorithms';
import type { LossAggregation } from './loss';
import type { ToolRewardSource, UncertaintyScale } from './reward';
import { SETTING_RULES, ruleAllows } from './config-rules';
import { ProblemError } from './problem-error';
import type { Problem } from './problems';
import { RELEASED_SETTINGS, releaseConflicts } from './release';
import { workBudgetProblems } from './work-budget';

/** Settings of a clipped policy-gradient update (what `policyUpdate` reads). */
export interface ClipLossSettings {
  learningRate: number;
  /**
   * Optimizer updates (mini-batches) per rollout batch. Agent0's curriculum trainer makes 4, so ρ
   * leaves 1 and clipping can fire; its executor trainer makes 1 (ρ ≡ 1, no clip ever fires).
   */
  updatesPerStep: number;
  epsLow: number;
  epsHigh: number;
  /** Dual-clip constant c for A < 0, or null for none. */
  dualClip: number | null;
  klCoef: number;
}

/** How a role samples its rollouts. */
export interface SamplingSettings {
  temperature: number;
  topP: number;
}

/**
 * `as-intended` (default): every rule as Agent0's paper and code structure intend. `as-released`:
 * every behaviour of Agent0's released code at once (RELEASED_SETTINGS; docs/algorithms.md §7).
 */
export type ReleaseMode = 'as-intended' | 'as-released';

export interface Agent0Config {
  seed: number;
  release: { mode: ReleaseMode };
  questioner: ClipLossSettings &
    SamplingSettings & {
      prompts: number;
      rolloutsPerPrompt: number;
      steps: number;
      /** Python tool calls the questioner may make while it writes (0: no tool; Agent0 Table 9 varies 1–4). */
      maxTurns: number;
      /**
       * Whether the GRPO update changes the questioner. `false` is Agent0's Table 3 ablation "without
       * curriculum training": every curriculum phase runs and is scored, no optimizer step is taken.
       */
      train: boolean;
    };
  proxy: {
    candidates: number;
    maxTurns: number;
    temperature: number;
    topP: number;
    gate: boolean;
    gateMinP: number;
    /** `whole` (intent) or `last-character` (released code, docs/algorithms.md §7.1) of the questioner's box. */
    goldenAnswer: 'whole' | 'last-character';
    /**
     * A questioner rollout with a question but no box: `violation` (intent, U = −1) or `none` (released
     * code: mathruler reads the answer "None", so the rollout is scored; docs/algorithms.md §7.8).
     */
    unboxedAnswer: 'violation' | 'none';
    /**
     * A questioner rollout that ran no program while it wrote: `scored` like any other (the paper; the
     * released questioner has no tool) or a `violation` (U = −1), so that the questioner keeps
     * computing the answers of its questions (docs/algorithms.md §7.11). Read by the contract phase only.
     */
    uncheckedAnswer: 'violation' | 'scored';
    /**
     * A questioner rollout whose question the task family's oracle cannot read (a name never
     * defined, a frame the family does not have): `scored` like any other (the paper and the released
     * code have no oracle) or a `violation` (U = −1), so that the uncertainty term cannot pay for
     * malformed text the executor splits on (docs/algorithms.md §7.13). Read by the contract phase only.
     */
    unreadableQuestion: 'violation' | 'scored';
  };
  reward: {
    uncertaintyScale: UncertaintyScale;
    repetitionWeight: number;
    clusterThreshold: number;
    toolRewardPerCall: number;
    toolRewardCap: number;
    toolRewardSource: ToolRewardSource;
  };
  pool: { questions: number; temperature: number; topP: number };
  labelling: {
    samples: number;
    temperature: number;
    topP: number;
    topK: number;
    /**
     * `tool` (default, the intent): the executor answers with the Python tool, as it is trained and
     * deployed; `plain`: without tools, as Agent0's released code does (docs/algorithms.md §1.3, §2.2;
     * the departure is §7.4).
     */
    mode: 'plain' | 'tool';
  };
  curation: { minScore: number; maxScore: number };
  executor: ClipLossSettings &
    SamplingSettings & {
      algorithm: ExecutorAlgorithmId;
      prompts: number;
      rolloutsPerPrompt: number;
      steps: number;
      maxTurns: number;
      trustLow: number;
      trustHigh: number;
      minScale: number;
      epsHighMin: number;
      epsHighSpan: number;
      /** ADPO ε_high(s) fades over s ∈ [clipScoreHigh − clipScoreSpan, clipScoreHigh] (0.8, 0.5). */
      clipScoreHigh: number;
      clipScoreSpan: number;
      toolOutputMaxChars: number;
    };
  loss: { aggregation: LossAggregation };
  evaluation: { questionsPerDifficulty: number };
}

export type PresetName = 'faithful' | 'classroom' | 'tiny';
export const PRESET_NAMES: readonly PresetName[] = ['faithful', 'classroom', 'tiny'];

/**
 * Agent0's rules; the sizes are the `faithful` preset's (Agent0's ratios at small batch counts). The
 * one place each setting's default is written: the rules' functions (ADPO's included, src/core/adpo.ts)
 * take the run's settings and hold no defaults of their own.
 */
const FAITHFUL: Agent0Config = {
  seed: 1,
  release: { mode: 'as-intended' },
  questioner: {
    prompts: 8,
    rolloutsPerPrompt: 4,
    steps: 5,
    maxTurns: 4,
    train: true,
    updatesPerStep: 4,
    learningRate: 1e-4,
    epsLow: 0.2,
    epsHigh: 0.3,
    dualClip: 3,
    klCoef: 0.01,
    temperature: 1,
    topP: 1,
  },
  proxy: {
    candidates: 10,
    maxTurns: 4,
    temperature: 0.7,
    topP: 0.9,
    // The paper's p̂ (Eq. 2) has no gate; the released code's is one setting away (docs/algorithms.md §7.10).
    gate: false,
    gateMinP: 0.1,
    goldenAnswer: 'whole',
    unboxedAnswer: 'violation',
    uncheckedAnswer: 'scored',
    unreadableQuestion: 'scored',
  },
  reward: {
    uncertaintyScale: 'min',
    repetitionWeight: 1,
    clusterThreshold: 0.5,
    toolRewardPerCall: 0.05,
    toolRewardCap: 4,
    toolRewardSource: 'executed',
  },
  pool: { questions: 64, temperature: 1, topP: 0.95 },
  labelling: { samples: 9, temperature: 1, topP: 1, topK: 40, mode: 'tool' },
  curation: { minScore: 0.3, maxScore: 0.8 },
  executor: {
    algorithm: 'adpo',
    prompts: 8,
    rolloutsPerPrompt: 16,
    steps: 5,
    maxTurns: 4,
    // Agent0's executor script: ppo_mini_batch_size = train_batch_size = 128, one epoch.
    updatesPerStep: 1,
    learningRate: 1e-4,
    temperature: 1,
    topP: 1,
    epsLow: 0.2,
    epsHigh: 0.2,
    dualClip: null,
    klCoef: 0.01,
    trustLow: 0.3,
    trustHigh: 0.8,
    minScale: 0.6,
    epsHighMin: 0.2,
    epsHighSpan: 0.1,
    clipScoreHigh: 0.8,
    clipScoreSpan: 0.5,
    toolOutputMaxChars: 512,
  },
  loss: { aggregation: 'token-mean' },
  evaluation: { questionsPerDifficulty: 20 },
};

/** Nested partial, for presets and per-run overrides. */
export type ConfigOverride = { [K in keyof Agent0Config]?: Partial<Agent0Config[K]> | Agent0Config[K] };

const PRESET_OVERRIDES: Record<PresetName, ConfigOverride> = {
  faithful: {},
  classroom: {
    // Two curriculum steps per iteration (each step's 32 samples written by the questioner as the
    // step before left it), their solver proxy drawing 6 executor answers per question in place of
    // 10. With the base that solves and writes step problems a third step moved nothing outside the
    // seeds' spread and cost a seventh of an iteration (docs/experiments.md).
    questioner: { prompts: 8, rolloutsPerPrompt: 4, steps: 2, learningRate: 3e-4 },
    // A curriculum sample must run a program to check its question: without the rule the questioner
    // stops checking and its answer agrees with the executor's majority on a third of the questions,
    // with it on half (eight seeds, docs/experiments.md, docs/algorithms.md §7.11).
    // A question the oracle cannot read is a violation too: without the rule the questioner leaves
    // the task family once it reaches the top levels, paid for malformed text the executor splits on
    // (four seeds, docs/experiments.md, docs/algorithms.md §7.13).
    proxy: { candidates: 6, uncheckedAnswer: 'violation', unreadableQuestion: 'violation' },
    pool: { questions: 32 },
    // More updates than Agent0's one, so ρ leaves 1 and the clip view has something to show.
    executor: { prompts: 8, rolloutsPerPrompt: 8, steps: 1, updatesPerStep: 4 },
  },
  tiny: {
    questioner: { prompts: 2, rolloutsPerPrompt: 2, steps: 1, updatesPerStep: 2 },
    proxy: { candidates: 4, maxTurns: 2 },
    pool: { questions: 6 },
    executor: { prompts: 2, rolloutsPerPrompt: 4, steps: 1, updatesPerStep: 2, maxTurns: 2 },
    evaluation: { questionsPerDifficulty: 2 },
  },
};

/** Settings refused: every problem, as data (`problems`) and in English under "Invalid settings:". */
export class ConfigError extends ProblemError {
  constructor(problems: Problem[]) {
    super(problems, { heading: 'settings' });
    this.name = 'ConfigError';
  }
}

/** A value as the problems print it: its JSON text, cut short (a value too deep to write is "…"). */
const json = (v: unknown): string => {
  let text: string;
  try {
    text = String(JSON.stringify(v));
  } catch {
    return '…';
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Copy `base` with `override` laid over it; unknown keys are reported, not copied. */
function overlay(
  base: Record<string, unknown>,
  override: unknown,
  path: string,
  problems: Problem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(base);
  if (override === undefined) return out;
  if (!isPlainObject(override)) {
    problems.push({ kind: 'not-an-object', path, got: json(override) });
    return out;
  }
  for (const [key, value] of Object.entries(override)) {
    const where = path ? `${path}.${key}` : key;
    // Own keys of the defaults only: an inherited name (`constructor`, `__proto__`) is unknown too.
    if (!Object.hasOwn(base, key)) {
      problems.push({ kind: 'unknown-setting', path: where });
      continue;
    }
    const current = base[key];
    out[key] = isPlainObject(current) ? overlay(current, value, where, problems) : value;
  }
  return out;
}

function validate(config: Agent0Config): Problem[] {
  const problems: Problem[] = [];
  const walk = (value: unknown, path: string): void => {
    // Into sections only: a setting given an object is checked against its rule, not walked.
    if (isPlainObject(value) && !Object.hasOwn(SETTING_RULES, path)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    const rule = Object.hasOwn(SETTING_RULES, path) ? SETTING_RULES[path] : undefined;
    if (!rule) problems.push({ kind: 'no-rule', path });
    else if (!ruleAllows(rule, value)) problems.push({ kind: 'out-of-range', path, rule, got: json(value) });
  };
  walk(config, '');
  const c = config;
  if (c.curation.minScore > c.curation.maxScore) {
    problems.push({
      kind: 'order',
      low: 'curation.minScore',
      lowValue: c.curation.minScore,
      high: 'curation.maxScore',
      highValue: c.curation.maxScore,
      strict: false,
    });
  }
  if (c.executor.trustLow >= c.executor.trustHigh) {
    problems.push({
      kind: 'order',
      low: 'executor.trustLow',
      lowValue: c.executor.trustLow,
      high: 'executor.trustHigh',
      highValue: c.executor.trustHigh,
      strict: true,
    });
  }
  // A check needs a program: with no tool turns every curriculum sample would be a violation.
  if (c.proxy.uncheckedAnswer === 'violation' && c.questioner.maxTurns === 0)
    problems.push({ kind: 'check-without-tool' });
  return problems;
}

/**
 * A validated configuration: the preset's values, then (with `release.mode=as-released`) the released
 * behaviours of RELEASED_SETTINGS, then `override` on top; an override contradicting the switch is
 * refused, and so are settings whose phases ask for more work than a tab can do (work-budget.ts).
 * Throws ConfigError.
 */
export function makeConfig(preset: PresetName = 'classroom', override?: ConfigOverride): Agent0Config {
  if (!PRESET_NAMES.includes(preset)) {
    throw new ConfigError([{ kind: 'unknown-preset', got: json(preset), allowed: [...PRESET_NAMES] }]);
  }
  const problems: Problem[] = [];
  const withPreset = overlay(FAITHFUL as unknown as Record<string, unknown>, PRESET_OVERRIDES[preset], '', problems);
  // release.mode=as-released lays the released behaviours over the preset, under the run's overrides.
  const released = override?.release?.mode === 'as-released';
  const withRelease = released ? overlay(withPreset, RELEASED_SETTINGS, '', problems) : withPreset;
  const merged = overlay(withRelease, override, '', problems) as unknown as Agent0Config;
  problems.push(...validate(merged));
  if (problems.length === 0) problems.push(...releaseConflicts(merged));
  if (problems.length === 0) problems.push(...workBudgetProblems(merged));
  if (problems.length > 0) throw new ConfigError(problems);
  return merged;
}
