/** `src/core`: Agent0's arithmetic and text rules, pure TypeScript (no DOM, no tfjs, no Pyodide). */
export { Rng, type RngState } from './random';
export { Rational } from './rational';
export { extractBoxed } from './boxed';
export {
  parseQuestioner,
  releasedGoldenAnswer,
  extractToolCall,
  countToolOutputs,
  formatObservation,
  PYTHON_FENCE,
  OUTPUT_FENCE,
  CLOSE_FENCE,
  type QuestionerOutput,
} from './contracts';
export { answersEquivalent, normalizeAnswer, parseNumber } from './equivalence';
export {
  majorityVote,
  proxyScore,
  voteEntry,
  type VoteResult,
  type VoteBucket,
  type ProxyScore,
  type ProxyGate,
} from './vote';
export { sentenceBleu, whitespaceTokens, modifiedPrecision, brevityPenalty, closestRefLength } from './bleu';
export {
  bleuDistanceMatrix,
  clusterShares,
  sharesOf,
  averageLinkageClusters,
  type Clustering,
  type Merge,
} from './cluster';
export {
  uncertainty,
  toolReward,
  curriculumRewards,
  type CurriculumRollout,
  type CurriculumReward,
  type CurriculumRewardOptions,
  type UncertaintyScale,
  type ToolRewardSource,
} from './reward';
export {
  grpoAdvantages,
  meanAndUnbiasedStd,
  groupIndices,
  type GrpoOptions,
  type GrpoResult,
  type GroupStats,
} from './grpo';
export {
  adpoTrustWeight,
  adpoAdvantageScale,
  adpoEpsilonHigh,
  adpoAdvantages,
  type AdpoOptions,
  type AdpoResult,
} from './adpo';
export {
  clippedTokenLoss,
  aggregateLoss,
  klK3,
  clamp,
  LOSS_AGGREGATIONS,
  type ClipBranch,
  type ClipSettings,
  type TokenLoss,
  type LossAggregation,
} from './loss';
export { curate, type CurationBand, type Curated } from './curate';
export { evaluate, exprTokens, parseExprTokens, pythonProgram, type Expr, type Operator } from './expression';
export {
  generateTask,
  solveQuestion,
  QUESTION_WORDS,
  DIFFICULTIES,
  NAMES,
  ITEMS,
  type ArithmeticTask,
  type Difficulty,
  type OracleAnswer,
} from './tasks';
export {
  makeConfig,
  ConfigError,
  PRESET_NAMES,
  type Agent0Config,
  type ConfigOverride,
  type PresetName,
  type ClipLossSettings,
  type SamplingSettings,
} from './config';
