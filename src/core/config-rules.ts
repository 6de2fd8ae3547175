/** Allowed values of every setting in `Agent0Config`, keyed by its dotted path. */
import { EXECUTOR_ALGORITHM_IDS } from './executor-algorithms';

export type SettingRule =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'number'; min: number; max: number; minExclusive?: boolean }
  | { kind: 'nullableNumber'; min: number; max: number; minExclusive?: boolean }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'bool' };

const int = (min: number, max: number): SettingRule => ({ kind: 'int', min, max });
const num = (min: number, max: number, minExclusive = false): SettingRule => ({
  kind: 'number',
  min,
  max,
  minExclusive,
});
const oneOf = (...values: string[]): SettingRule => ({ kind: 'enum', values });
const bool: SettingRule = { kind: 'bool' };
const probability = num(0, 1);
const clipEps = num(0, 1, true);
const temperature = num(0, 10, true);
const topP = num(0, 1, true);
const learningRate = num(0, 1, true);

function clipLossRules(role: string, extra: Record<string, SettingRule>): Record<string, SettingRule> {
  const base: Record<string, SettingRule> = {
    learningRate,
    updatesPerStep: int(1, 64),
    epsLow: clipEps,
    epsHigh: clipEps,
    dualClip: { kind: 'nullableNumber', min: 1, max: 100, minExclusive: true },
    klCoef: num(0, 10),
    temperature,
    topP,
    ...extra,
  };
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [`${role}.${k}`, v]));
}

export const SETTING_RULES: Record<string, SettingRule> = {
  seed: int(0, 2 ** 32 - 1),
  'release.mode': oneOf('as-intended', 'as-released'),
  ...clipLossRules('questioner', {
    prompts: int(1, 4096),
    rolloutsPerPrompt: int(2, 64),
    steps: int(1, 1000),
    maxTurns: int(0, 16),
    train: bool,
  }),
  'proxy.candidates': int(1, 64),
  'proxy.maxTurns': int(1, 16),
  'proxy.temperature': temperature,
  'proxy.topP': topP,
  'proxy.gate': bool,
  'proxy.gateMinP': probability,
  'proxy.goldenAnswer': oneOf('whole', 'last-character'),
  'proxy.unboxedAnswer': oneOf('violation', 'none'),
  'proxy.uncheckedAnswer': oneOf('violation', 'scored'),
  'proxy.unreadableQuestion': oneOf('violation', 'scored'),
  'reward.uncertaintyScale': oneOf('min', 'linear'),
  'reward.repetitionWeight': num(0, 100),
  'reward.clusterThreshold': num(0, 1, true),
  'reward.toolRewardPerCall': num(0, 10),
  'reward.toolRewardCap': int(0, 64),
  'reward.toolRewardSource': oneOf('executed', 'as-released'),
  'pool.questions': int(1, 100_000),
  'pool.temperature': temperature,
  'pool.topP': topP,
  'labelling.samples': int(1, 64),
  'labelling.temperature': temperature,
  'labelling.topP': topP,
  'labelling.topK': int(0, 100_000),
  'labelling.mode': oneOf('plain', 'tool'),
  'curation.minScore': probability,
  'curation.maxScore': probability,
  ...clipLossRules('executor', {
    algorithm: oneOf(...EXECUTOR_ALGORITHM_IDS),
    prompts: int(1, 4096),
    rolloutsPerPrompt: int(1, 256),
    steps: int(1, 1000),
    maxTurns: int(1, 16),
    trustLow: probability,
    trustHigh: probability,
    minScale: probability,
    epsHighMin: clipEps,
    epsHighSpan: num(0, 1),
    clipScoreHigh: probability,
    clipScoreSpan: num(0, 1, true),
    toolOutputMaxChars: int(16, 100_000),
  }),
  'loss.aggregation': oneOf('token-mean', 'seq-mean-token-mean', 'seq-mean-token-sum-norm'),
  'evaluation.questionsPerDifficulty': int(1, 10_000),
};

/** Whether `rule` allows `value` (problems-en.ts words the rule when it does not). */
export function ruleAllows(rule: SettingRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'bool':
      return typeof value === 'boolean';
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value);
    case 'int':
      return Number.isInteger(value) && (value as number) >= rule.min && (value as number) <= rule.max;
    case 'nullableNumber':
    case 'number':
      if (rule.kind === 'nullableNumber' && value === null) return true;
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (rule.minExclusive ? value > rule.min : value >= rule.min) &&
        value <= rule.max
      );
  }
}
