/** The curriculum (questioner) reward, docs/algorithms.md §3: R_i = U_i − λ·penalty_i + tool_i. */
import { type Clustering, clusterShares, sharesOf } from './cluster';

export type UncertaintyScale = 'min' | 'linear';
export type ToolRewardSource = 'executed' | 'as-released';

/**
 * Uncertainty of the solver proxy on a question with self-consistency p ∈ [0, 1]:
 * `min` (released code):       U = min(p, 1 − p) ∈ [0, 0.5];
 * `linear` (the paper's text): U = 1 − 2·|p − 0.5| ∈ [0, 1]. Both peak at p = 0.5.
 * The run's choice is `reward.uncertaintyScale` (its default lives in core/config.ts).
 */
export function uncertainty(p: number, scale: UncertaintyScale): number {
  if (!(p >= 0 && p <= 1)) throw new Error(`uncertainty: p must lie in [0, 1] (got ${p}).`);
  return scale === 'min' ? Math.min(p, 1 - p) : 1 - 2 * Math.abs(p - 0.5);
}

/** The tool term's settings (`reward.toolRewardPerCall`, `reward.toolRewardCap` of the run's config). */
export interface ToolRewardOptions {
  /** Reward per call. */
  perCall: number;
  /** Calls beyond this earn nothing. */
  cap: number;
}

/** tool = perCall · min(N, cap) (0.05 · min(N, 4) by default); N may be fractional (mean executed calls per proxy candidate). */
export function toolReward(calls: number, opts: ToolRewardOptions): number {
  if (!(calls >= 0)) throw new Error(`toolReward: the call count must be ≥ 0 (got ${calls}).`);
  return opts.perCall * Math.min(calls, opts.cap);
}

export interface CurriculumRollout {
  /** The parsed question, or null for a format violation. */
  question: string | null;
  /** Solver-proxy self-consistency after the gate (ignored when question is null). */
  p: number;
  /**
   * N for the tool reward: mean executed tool calls per proxy candidate (`executed`), or the count
   * of "```output" in the questioner's own text (`as-released`); the caller picks the source.
   */
  toolCalls: number;
}

/** The reward's settings, as the run's `reward` config names them (defaults in core/config.ts). */
export interface CurriculumRewardOptions extends ToolRewardOptions {
  uncertaintyScale: UncertaintyScale;
  /** λ, the weight on the repetition penalty. */
  repetitionWeight: number;
  /** BLEU-distance threshold of the repetition clusters. */
  clusterThreshold: number;
}

export interface CurriculumReward {
  /** U_i, or −1 for a format violation. */
  uncertainty: number;
  /** penalty_i = |cluster(i)| / batch size (before the weight). */
  repetition: number;
  tool: number;
  /** R_i = U_i − λ·penalty_i + tool_i. */
  total: number;
}

/**
 * Rewards for one batch of questioner rollouts. Unparsed rollouts take part in the clustering as
 * empty questions (so they share the batch denominator) and score U = −1. A caller that has
 * already clustered the batch (the engine, which also draws the clusters) passes its clustering;
 * otherwise it is computed here at `clusterThreshold`.
 */
export function curriculumRewards(
  rollouts: readonly CurriculumRollout[],
  opts: CurriculumRewardOptions,
  clustering?: Pick<Clustering, 'labels' | 'sizes'>,
): CurriculumReward[] {
  const weight = opts.repetitionWeight;
  if (clustering && clustering.labels.length !== rollouts.length) {
    throw new Error(
      `curriculumRewards: a clustering of ${clustering.labels.length} questions for ${rollouts.length} rollouts.`,
    );
  }
  const shares = clustering
    ? sharesOf(clustering)
    : clusterShares(
        rollouts.map((r) => r.question ?? ''),
        opts.clusterThreshold,
      );
  return rollouts.map((r, i) => {
    const u = r.question === null ? -1 : uncertainty(r.p, opts.uncertaintyScale);
    const repetition = shares[i] as number;
    const tool = toolReward(r.toolCalls, opts);
    return { uncertainty: u, repetition, tool, total: u - weight * repetition + tool };
  });
}
