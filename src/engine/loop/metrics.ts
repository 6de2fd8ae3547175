/**
 * The per-iteration metrics, one row each (in the spirit of tensorflow/playground's `State.PROPS`):
 * the key, how the value is read from one iteration's phase records, its scale and number format,
 * the base model's value where its evaluation measures it, and the short command-line heading. The
 * summary type and `summarizeIteration` (summary.ts), the Curves, the compare view, the command
 * line's columns (scripts/simulate.ts, scripts/compare-table.ts) and the words of each language
 * (src/ui/text/metrics-{en,ko}.ts, keyed by `key`) all derive from `METRICS`.
 *
 * Adding a metric: one row here and its words in English and Korean.
 */
import type { Agent0Config } from '../../core/config';
import { mean } from '../../core/stats';
import { solveQuestion } from '../../core/tasks';
import { TOP_LEVELS, repeatedShare } from './levels';
import type { EvaluationResult, PhaseName, RecordOf } from './trace';

/** One iteration's records as the rows read them. */
export interface IterationRecords {
  /** The records of one phase in this iteration, in the order they were made (K per curriculum phase). */
  of<P extends PhaseName>(phase: P): RecordOf<P>[];
  /** The iteration's held-out evaluation (phase 10). */
  evaluation: EvaluationResult;
  /** The settings the iteration ran with. */
  config: Agent0Config;
}

export interface MetricRow {
  key: string;
  /** The value of one iteration; null where the iteration has nothing to measure (drawn as a gap). */
  read: (it: IterationRecords) => number | null;
  /** The base model's value from its evaluation (`Engine.evaluateBaseline`); absent where it measures none. */
  baseline?: (base: EvaluationResult) => number | null;
  /** A share in [0, 1] (drawn on a 0–1 axis); otherwise the axis runs from 0 to the largest value. */
  share: boolean;
  /** Decimals on the command line and in the compare view's tooltips. */
  digits: number;
  /** Column heading on the command line (at most 9 characters). */
  column: string;
}

/** Difficulties at and above this are the "hard questions" of `hardAccuracy` and `hardToolUse`: the top three levels. */
export const HARD_DIFFICULTY: number = TOP_LEVELS[0] as number;

/** Mean of `field` over the evaluation's difficulties ≥ HARD_DIFFICULTY; null when it has none. */
function hardMean(e: EvaluationResult, field: 'accuracy' | 'toolUse'): number | null {
  const hard = e.byDifficulty.filter((d) => d.difficulty >= HARD_DIFFICULTY);
  return hard.length === 0 ? null : mean(hard.map((d) => d[field]));
}

/** A figure of the held-out evaluation: read from the iteration's and, alike, from the base model's. */
const evaluated = <T>(f: (e: EvaluationResult) => T) => ({
  read: (it: IterationRecords) => f(it.evaluation),
  baseline: f,
});

/** Σx / n over `xs`, null for none (an iteration with nothing of the kind). */
const meanOrNull = (xs: readonly number[]): number | null => (xs.length === 0 ? null : mean(xs));

/** Every optimizer update of the iteration, questioner's then executor's. */
const updates = (it: IterationRecords) => [
  ...it.of('questioner-update').flatMap((r) => r.stats.updates),
  ...it.of('executor-update').flatMap((r) => r.stats?.updates ?? []),
];

/**
 * gatePass = #{ proxy results with agrees ∧ p_raw > proxy.gateMinP } / #{ proxy results }: the
 * share of the iteration's contract-valid curriculum questions (the solver-proxy results of its K
 * steps) that pass the gate's test (`proxyScore`, src/core/vote.ts; docs/algorithms.md §2.3),
 * whether or not `proxy.gate` is on. Null when no question was valid.
 */
function gatePass(it: IterationRecords): number | null {
  const results = it.of('solver-proxy').flatMap((r) => r.results);
  if (results.length === 0) return null;
  const minP = it.config.proxy.gateMinP;
  return results.filter((r) => r.agrees && r.rawP > minP).length / results.length;
}

/**
 * poolDifficulty = mean over the pool's questions q that the oracle solves of
 * `solveQuestion(q).difficulty` (src/core/tasks.ts); questions it cannot solve are left out, and a
 * pool without any solvable question gives null.
 */
function poolDifficulty(it: IterationRecords): number | null {
  const difficulties = it
    .of('question-pool')
    .flatMap((r) => r.questions)
    .flatMap((q) => {
      const d = solveQuestion(q.question)?.difficulty;
      return d === undefined ? [] : [d];
    });
  return meanOrNull(difficulties);
}

/** The rows, in the order of the summaries, the command line's columns and the views. */
export const METRICS = [
  { key: 'heldOutAccuracy', ...evaluated((e) => e.accuracy), share: true, digits: 3, column: 'held-out' },
  { key: 'hardAccuracy', ...evaluated((e) => hardMean(e, 'accuracy')), share: true, digits: 3, column: 'hard acc' },
  { key: 'hardToolUse', ...evaluated((e) => hardMean(e, 'toolUse')), share: true, digits: 3, column: 'hard tool' },
  {
    key: 'pseudoLabelAccuracy',
    read: (it) => it.evaluation.pseudoLabelAccuracy,
    share: true,
    digits: 3,
    column: 'pseudo',
  },
  {
    key: 'questionerValidRate',
    read: (it) => mean(it.of('contract-parsing').map((r) => r.validRate)),
    share: true,
    digits: 3,
    column: 'valid',
  },
  {
    /** Mean over the K steps of each step's mean raw agreement p_raw (before the gate). */
    key: 'meanP',
    read: (it) => mean(it.of('solver-proxy').map((r) => r.meanP)),
    share: true,
    digits: 3,
    column: 'raw p',
  },
  {
    /** Mean over the K steps of each step's mean p after the gate (the p of the reward, §3.2). */
    key: 'meanPGated',
    read: (it) => mean(it.of('solver-proxy').map((r) => mean(r.results.map((x) => x.p)))),
    share: true,
    digits: 3,
    column: 'gated p',
  },
  { key: 'gatePass', read: gatePass, share: true, digits: 3, column: 'gate pass' },
  { key: 'poolDifficulty', read: poolDifficulty, share: false, digits: 2, column: 'pool diff' },
  {
    key: 'inBandShare',
    read: (it) => mean(it.of('curation').map((r) => r.inBandShare)),
    share: true,
    digits: 3,
    column: 'in band',
  },
  {
    key: 'clusterCount',
    read: (it) => mean(it.of('curriculum-reward').map((r) => r.clusterCount)),
    share: false,
    digits: 1,
    column: 'clusters',
  },
  {
    /** Share of the K steps' contract-valid questions in a repetition cluster of ≥ 2 (src/engine/loop/levels.ts). */
    key: 'repeatedShare',
    read: (it) => repeatedShare(it.of),
    share: true,
    digits: 3,
    column: 'repeated',
  },
  { key: 'toolUseRate', ...evaluated((e) => e.toolUseRate), share: true, digits: 3, column: 'tool use' },
  {
    /** Mean executed tool calls per executor training rollout, over the iteration's executor steps. */
    key: 'toolCallsPerTask',
    read: (it) => meanOrNull(it.of('executor-update').flatMap((r) => r.rollouts.map((x) => x.toolCalls))),
    share: false,
    digits: 2,
    column: 'tool/roll',
  },
  {
    key: 'clipLowFrac',
    read: (it) => mean(updates(it).map((u) => u.clipLowFrac)),
    share: true,
    digits: 3,
    column: 'clip lo',
  },
  {
    key: 'clipHighFrac',
    read: (it) => mean(updates(it).map((u) => u.clipHighFrac)),
    share: true,
    digits: 3,
    column: 'clip hi',
  },
  { key: 'kl', read: (it) => mean(updates(it).map((u) => u.kl)), share: false, digits: 4, column: 'kl' },
] as const satisfies readonly MetricRow[];

export type Metric = (typeof METRICS)[number];
export type MetricKey = Metric['key'];

/** Each metric's value type, as its row reads it (`number`, or `number | null` where it may be absent). */
export type MetricValues = { [M in Metric as M['key']]: ReturnType<M['read']> };

/** The row of `key`. */
export function metricRow(key: MetricKey): MetricRow {
  return METRICS.find((m) => m.key === key) as MetricRow;
}
