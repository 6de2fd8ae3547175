/**
 * A run in UNIPO's run-log format (poloclub/unipo, `docs/canonical_schema.json`): a header (task,
 * dataset, reward strategy, algorithm, model names, hyper-parameters) and one entry per optimizer
 * update, mini-batch updates included, of both roles in the order they ran. Every number is one the
 * trace holds, or a mean of such numbers; what the trace does not keep (per-token log-probabilities
 * of the current, old and reference policy, per-token KL and objective) is left out, never made up.
 *
 * Per entry (update j of a rollout batch, 0-based):
 *   metrics.policy_objective = −pgLoss (the clipped surrogate J the update ascends), policy_loss = pgLoss,
 *   total_loss = pgLoss + klCoef·kl, kl, entropy, grad_norm as the update measured them;
 *   clip_fraction = share of trained tokens whose loss a clip set (low + high + dual);
 *   ratio_mean_abs_deviation = mean |ρ − 1| over trained tokens;
 *   reward = mean reward, advantage_mean = mean advantage over the batch's rollouts (one each);
 *   is_executor_update = 1 for the executor, 0 for the questioner (the role, as a number UNIPO plots);
 *   is_first_step_after_rollout_phase = (j = 0), where ρ ≡ 1;
 *   an update skipped for a non-finite loss keeps only its finite metrics, with update_skipped = 1.
 * The sampled groups whose tokens the trace keeps go with the batch's first entry (the trace does
 * not record which mini-batch each rollout trained in): per response its reward, advantage, text and
 * per-token `ids`, `strings`, `advantages`, `loss_mask`, and ρ and the clip branch from the update
 * that trained it (`ratio_in_own_mini_batch`, `clip_branch_in_own_mini_batch`). The executor's
 * entries under ADPO carry each question's s, g(s) and ε_high(s) (`adpo_per_question`, and on each
 * sampled prompt).
 */
import type { Agent0Config } from '../../core/config';
import { executorAlgorithm, type ExecutorAlgorithmLookup } from '../../core/executor-algorithms';
import { Tokenizer } from '../../core/tokenizer';
import type { UpdateStep } from '../../rl/policy-update';
import type { PhaseRecord, RecordOf, TokenDetail, UpdateStats } from '../loop/trace';

/** UNIPO's token series of one response; every array has one value per response token. */
export interface UnipoTokens {
  ids: number[];
  strings: string[];
  /** The advantage credited to each token (0 where the token is not trained). */
  advantages: number[];
  /** 1 = written by the model and trained on; 0 = a tool observation inside the response. */
  loss_mask: number[];
  /** ρ of each token at the mini-batch update that trained this response (not necessarily this entry's). */
  ratio_in_own_mini_batch?: number[];
  clip_branch_in_own_mini_batch?: string[];
}

export interface UnipoResponse {
  id: string;
  reward: number;
  advantage: number;
  response_text: string;
  response_length: number;
  tokens: UnipoTokens;
}

/** ADPO's numbers for one question the executor trained on (docs/algorithms.md §5). */
export interface AdpoQuestion {
  question: string;
  pseudo_label: string;
  /** s: the share of the executor's labelling samples that agreed with the pseudo-label. */
  self_consistency_score: number;
  /** g(s): the factor on this question's advantages. */
  adpo_advantage_scale: number;
  /** ε_high(s): this question's upper clip, ρ ≤ 1 + ε_high(s). */
  adpo_eps_high: number;
}

export interface UnipoPrompt extends Partial<Omit<AdpoQuestion, 'question'>> {
  prompt: string;
  responses: UnipoResponse[];
}

export interface UnipoEntry {
  step: number;
  is_first_step_after_rollout_phase: boolean;
  /** Who was updated (also in metrics.is_executor_update, which UNIPO's build script keeps). */
  role: 'questioner' | 'executor';
  metrics: Record<string, number>;
  batch: { promptsInBatch: number; responsesPerPrompt: number; rolloutCollectedAtStep: number };
  prompts?: UnipoPrompt[];
  adpo_per_question?: AdpoQuestion[];
}

export interface UnipoHeader {
  task: string;
  dataset: string;
  reward_strategy: string;
  algorithm: string;
  totalSteps: number;
  model_name: string;
  reference_model_name: string;
  hparams: Record<string, number | string | number[] | null>;
  /** The whole of this run's settings and its backend, to reproduce it (`npm run simulate`). */
  agent0_lab: { config: Agent0Config; backend: string };
}

export interface UnipoRunLog {
  header: UnipoHeader;
  entries: UnipoEntry[];
}

/** What the export reads of a run: live (the engine) or recorded (a recording). */
export interface UnipoSource {
  config: Agent0Config;
  backend: string;
  trace: readonly PhaseRecord[];
}

/** The file name the page downloads and docs/unipo.md names. */
export const UNIPO_FILE_NAME = 'agent0-lab-unipo.json';

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The numbers of `m` that are finite (a skipped update's non-finite loss is left out, not written as null). */
function finiteOnly(m: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(m).filter(([, v]) => Number.isFinite(v)));
}

/** One update's step metrics (see the file comment for each formula). */
function updateMetrics(
  u: UpdateStep,
  stats: UpdateStats,
  role: UnipoEntry['role'],
  iteration: number,
  j: number,
): Record<string, number> {
  return finiteOnly({
    policy_objective: -u.pgLoss,
    reward: mean(stats.groups.flatMap((g) => g.rewards)),
    policy_loss: u.pgLoss,
    total_loss: u.loss,
    kl: u.kl,
    entropy: u.entropy,
    grad_norm: u.gradNorm,
    clip_fraction: u.clipLowFrac + u.clipHighFrac + u.dualClipFrac,
    clip_fraction_low: u.clipLowFrac,
    clip_fraction_high: u.clipHighFrac,
    dual_clip_fraction: u.dualClipFrac,
    ratio_mean_abs_deviation: u.meanAbsRatioDev,
    advantage_mean: mean(stats.groups.flatMap((g) => g.advantages)),
    is_executor_update: role === 'executor' ? 1 : 0,
    iteration,
    mini_batch_index: j,
    mini_batch_sequences: u.sequences,
    ...(u.skipped ? { update_skipped: 1 } : {}),
  });
}

/** A rollout of the batch: its group and text, in sequence order. */
interface Rollout {
  group: number;
  text: string;
}

/**
 * The sampled groups of one update as UNIPO prompts: each sequence the trace keeps tokens for, split
 * at its first trained token into the prompt (before) and the response (from there on). Its reward
 * and advantage are its group record's, at its place among the group's members.
 */
function sampledPrompts(
  stats: UpdateStats,
  rollouts: readonly Rollout[],
  tokenizer: Tokenizer,
  idOf: (group: number, member: number) => string,
  extra: (group: number) => Partial<Omit<AdpoQuestion, 'question'>>,
): UnipoPrompt[] {
  const prompts = new Map<number, UnipoPrompt>();
  const members = new Map<number, number>();
  rollouts.forEach((r, i) => {
    const member = members.get(r.group) ?? 0;
    members.set(r.group, member + 1);
    const detail = stats.tokens[i] as TokenDetail | undefined;
    const group = stats.groups.find((g) => g.id === r.group);
    if (!detail || !group) return;
    const start = detail.mask.indexOf(1);
    const from = start < 0 ? detail.pieces.length : start;
    const strings = detail.pieces.slice(from);
    const response: UnipoResponse = {
      id: idOf(r.group, member),
      reward: group.rewards[member] as number,
      advantage: group.advantages[member] as number,
      response_text: r.text,
      response_length: strings.length,
      tokens: {
        ids: strings.map((s) => tokenizer.id(s)),
        strings,
        advantages: detail.advantage.slice(from),
        loss_mask: detail.mask.slice(from),
        ...(detail.ratio ? { ratio_in_own_mini_batch: detail.ratio.slice(from) } : {}),
        ...(detail.branch ? { clip_branch_in_own_mini_batch: detail.branch.slice(from) } : {}),
      },
    };
    let prompt = prompts.get(r.group);
    if (!prompt) {
      prompt = { prompt: detail.pieces.slice(0, from).join(''), ...extra(r.group), responses: [] };
      prompts.set(r.group, prompt);
    }
    prompt.responses.push(response);
  });
  return [...prompts.values()];
}

/** One rollout batch's update record, read into the shape the entries are built from. */
interface BatchUpdate {
  role: UnipoEntry['role'];
  iteration: number;
  stats: UpdateStats;
  rollouts: Rollout[];
  prompts: number;
  perPrompt: number;
  adpo: AdpoQuestion[] | null;
}

/** The update records of a trace in order, each with the rollouts its sequences are (same iteration and step). */
function batchUpdates(
  trace: readonly PhaseRecord[],
  config: Agent0Config,
  algorithms: ExecutorAlgorithmLookup,
): BatchUpdate[] {
  const written = new Map<string, RecordOf<'questioner-rollouts'>>();
  const out: BatchUpdate[] = [];
  for (const r of trace) {
    if (r.phase === 'questioner-rollouts') written.set(`${r.iteration}:${r.step}`, r);
    if (r.phase === 'questioner-update') {
      const rollouts = written.get(`${r.iteration}:${r.step}`)?.rollouts ?? [];
      out.push({
        role: 'questioner',
        iteration: r.iteration,
        stats: r.stats,
        rollouts,
        prompts: config.questioner.prompts,
        perPrompt: config.questioner.rolloutsPerPrompt,
        adpo: null,
      });
    }
    if (r.phase === 'executor-update' && r.stats) {
      const algorithm = algorithms(r.algorithm);
      out.push({
        role: 'executor',
        iteration: r.iteration,
        stats: r.stats,
        rollouts: r.rollouts,
        prompts: r.questions.length,
        perPrompt: config.executor.rolloutsPerPrompt,
        adpo:
          algorithm.scalesAdvantageByConsistency || algorithm.perSequenceEpsHigh
            ? r.questions.map((q) => ({
                question: q.question,
                pseudo_label: q.pseudoLabel,
                self_consistency_score: q.score,
                adpo_advantage_scale: q.scale,
                adpo_eps_high: q.epsHigh,
              }))
            : null,
      });
    }
  }
  return out;
}

/** The run's settings under UNIPO's conventional names (role-prefixed: the two roles differ). */
function unipoHparams(c: Agent0Config, algorithms: ExecutorAlgorithmLookup): UnipoHeader['hparams'] {
  const q = c.questioner;
  const e = c.executor;
  const algorithm = algorithms(e.algorithm);
  return {
    seed: c.seed,
    loss_aggregation: c.loss.aggregation,
    questioner_algorithm: 'grpo',
    questioner_group_size: q.rolloutsPerPrompt,
    questioner_prompts_per_step: q.prompts,
    questioner_updates_per_rollout_batch: q.updatesPerStep,
    questioner_clip_eps: [q.epsLow, q.epsHigh],
    questioner_dual_clip: q.dualClip,
    questioner_kl_coef: q.klCoef,
    questioner_learning_rate: q.learningRate,
    executor_algorithm: e.algorithm,
    executor_group_size: e.rolloutsPerPrompt,
    executor_prompts_per_step: e.prompts,
    executor_updates_per_rollout_batch: e.updatesPerStep,
    executor_dual_clip: e.dualClip,
    executor_kl_coef: e.klCoef,
    executor_learning_rate: e.learningRate,
    ...(algorithm.perSequenceEpsHigh
      ? {
          // ε_high(s) = ε₀ + Δ·clamp((s_top − s) / span, 0, 1) and g(s) = m + (1 − m)·w(s) (src/core/adpo.ts).
          executor_eps_low: e.epsLow,
          executor_adpo_eps_high_min: e.epsHighMin,
          executor_adpo_eps_high_span: e.epsHighSpan,
          executor_adpo_clip_score_high: e.clipScoreHigh,
          executor_adpo_clip_score_span: e.clipScoreSpan,
        }
      : { executor_clip_eps: [e.epsLow, e.epsHigh] }),
    ...(algorithm.scalesAdvantageByConsistency
      ? { executor_adpo_trust_band: [e.trustLow, e.trustHigh], executor_adpo_min_advantage_scale: e.minScale }
      : {}),
  };
}

/**
 * The run (live or recorded) as a UNIPO run log; its executor's algorithm is described from its
 * registry entry (`algorithms`, the registry's own unless a test hands in another).
 */
export function unipoRunLog(run: UnipoSource, algorithms: ExecutorAlgorithmLookup = executorAlgorithm): UnipoRunLog {
  const { config } = run;
  const tokenizer = new Tokenizer();
  const entries: UnipoEntry[] = [];
  for (const b of batchUpdates(run.trace, config, algorithms)) {
    const first = entries.length;
    const batch = { promptsInBatch: b.prompts, responsesPerPrompt: b.perPrompt, rolloutCollectedAtStep: first };
    /** The prompt's own ADPO numbers (its question is the prompt itself). */
    const adpoOf = (g: number): Partial<Omit<AdpoQuestion, 'question'>> => {
      const a = b.adpo?.[g];
      if (!a) return {};
      const { pseudo_label, self_consistency_score, adpo_advantage_scale, adpo_eps_high } = a;
      return { pseudo_label, self_consistency_score, adpo_advantage_scale, adpo_eps_high };
    };
    b.stats.updates.forEach((u, j) => {
      const entry: UnipoEntry = {
        step: first + j,
        is_first_step_after_rollout_phase: j === 0,
        role: b.role,
        metrics: updateMetrics(u, b.stats, b.role, b.iteration, j),
        batch,
        ...(b.adpo ? { adpo_per_question: b.adpo } : {}),
      };
      if (j === 0) {
        entry.prompts = sampledPrompts(
          b.stats,
          b.rollouts,
          tokenizer,
          (g, k) => `step${first}_${b.role}_p${g}_sample${k}`,
          adpoOf,
        );
      }
      entries.push(entry);
    });
  }
  return {
    header: {
      task: 'Agent0 co-evolution: a questioner writes arithmetic questions, an executor answers them with a Python tool',
      dataset:
        'none: a self-generated curriculum (the questioner’s questions, pseudo-labelled by the executor’s majority vote)',
      reward_strategy:
        'questioner: R = U(p) − λ·repetition share + tool reward (p from a 10-candidate tool-using solver proxy); executor: ±1 against the majority-vote pseudo-label',
      algorithm: algorithms(config.executor.algorithm).unipoName,
      totalSteps: entries.length,
      model_name: 'Agent0 Lab TinyLM (one questioner and one executor, both from public/models/base.a0lm)',
      reference_model_name: 'each role’s frozen copy from the start of the iteration',
      hparams: unipoHparams(config, algorithms),
      agent0_lab: { config, backend: run.backend },
    },
    entries,
  };
}

/** The file's text (one line of JSON). */
export function encodeUnipo(run: UnipoSource): string {
  return JSON.stringify(unipoRunLog(run));
}
