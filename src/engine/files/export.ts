/**
 * Export for users who outgrow a tab: the curated set as Parquet with Agent0's columns
 * (`problem`, `answer`, `score`, as its upload step writes them) and this run's settings mapped onto
 * the parameters of Agent0's scripts, so the same curriculum can be continued with the real Agent0.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Agent0Config } from '../../core/config';
import { executorAlgorithm, type ExecutorAlgorithmLookup } from '../../core/executor-algorithms';
import type { Engine } from '../loop/engine';
import type { SelfLabel } from '../loop/trace';

/** problem = question, answer = pseudo-label, score = self-consistency s (DOUBLE). */
export function curatedParquet(items: readonly Pick<SelfLabel, 'question' | 'pseudoLabel' | 'score'>[]): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'problem', data: items.map((i) => i.question), type: 'STRING' },
      { name: 'answer', data: items.map((i) => i.pseudoLabel), type: 'STRING' },
      { name: 'score', data: items.map((i) => i.score), type: 'DOUBLE' },
    ],
  });
  return new Uint8Array(buffer);
}

/** Paths, in aiming-lab/Agent0, of the scripts the argument file names (one block each). */
export const AGENT0_SCRIPTS = {
  curriculum: 'Agent0/curriculum_train/scripts/curriculum_train.sh',
  evaluate: 'Agent0/curriculum_train/question_evaluate/evaluate.py',
  upload: 'Agent0/curriculum_train/question_evaluate/upload.py',
  executor: 'Agent0/executor_train/examples/train/math_tir/train_qwen3_4b_adpo.sh',
} as const;

/** Agent0's executor script's data.train_batch_size; its ppo_mini_batch_size sets the updates per batch. */
const EXECUTOR_TRAIN_BATCH = 128;

/**
 * The run's rules as arguments of Agent0's pipeline, one block per script; each block opens with
 * `# script: <path>` and every other non-comment line is a `key=value` override or a `--flag value`
 * that script accepts. Sizes that only make sense for a tab (batch counts, learning rates of a tiny
 * model) and rules no argument reaches are comments, so a cluster run keeps Agent0's own. The
 * executor's block is written from its algorithm's registry entry (`algorithms`, the registry's own
 * unless a test hands in another).
 */
export function agent0Arguments(
  c: Agent0Config,
  experimentName = 'agent0_lab_export',
  algorithms: ExecutorAlgorithmLookup = executorAlgorithm,
): string {
  const q = c.questioner;
  const e = c.executor;
  const algorithm = algorithms(e.algorithm);
  /** A loss with its own ε_high(s) per sequence (ADPO's): its own keys, no dual clip. */
  const perSequence = algorithm.perSequenceEpsHigh;
  const miniBatch = EXECUTOR_TRAIN_BATCH / e.updatesPerStep;
  // A run resumed from a checkpoint saved before the switch existed has no release section.
  const release = (c.release as Agent0Config['release'] | undefined)?.mode ?? 'as-intended';
  return [
    `# Agent0 Lab export: the rules of this run for aiming-lab/Agent0 (experiment ${experimentName}, release.mode=${release}).`,
    `# Append each block to the command its script runs; lines starting with # are notes.`,
    `# script: ${AGENT0_SCRIPTS.curriculum} (python3 -m verl.trainer.main config=examples/config.yaml ...)`,
    `worker.rollout.n=${q.rolloutsPerPrompt}`,
    `worker.rollout.temperature=${q.temperature}`,
    `worker.rollout.top_p=${q.topP}`,
    `worker.actor.clip_ratio_low=${q.epsLow}`,
    `worker.actor.clip_ratio_high=${q.epsHigh}`,
    q.dualClip === null
      ? `# no dual clip in this run; the curriculum trainer always applies worker.actor.clip_ratio_dual (default 3.0)`
      : `worker.actor.clip_ratio_dual=${q.dualClip}`,
    `algorithm.kl_coef=${q.klCoef}`,
    `# in the tab: ${q.prompts} prompts x ${q.rolloutsPerPrompt} rollouts, ${q.steps} step(s), ${q.updatesPerStep} updates per step (Agent0: data.rollout_batch_size 512 / worker.actor.global_batch_size 128 = 4), lr ${q.learningRate}, loss ${c.loss.aggregation}`,
    `# Solver proxy inside the reward (vllm_service_init, no arguments): ${c.proxy.candidates} tool candidates, max_turns=${c.proxy.maxTurns}, temperature=${c.proxy.temperature}, top_p=${c.proxy.topP}, gate=${c.proxy.gate} at p > ${c.proxy.gateMinP}, golden answer ${c.proxy.goldenAnswer} (released: last-character), unboxed answer ${c.proxy.unboxedAnswer} (released: none), a sample without a program ${c.proxy.uncheckedAnswer} (released: scored), a question the oracle cannot read ${c.proxy.unreadableQuestion} (released: scored)`,
    `# Curriculum reward (curriculum_reward.py, no arguments): uncertainty ${c.reward.uncertaintyScale}, repetition weight ${c.reward.repetitionWeight} at BLEU distance ${c.reward.clusterThreshold}, tool reward ${c.reward.toolRewardPerCall} x min(N, ${c.reward.toolRewardCap}), N ${c.reward.toolRewardSource}`,
    `# Question generation: temperature=${c.pool.temperature}, top_p=${c.pool.topP}`,
    `# script: ${AGENT0_SCRIPTS.evaluate} (evaluate.sh does not forward it; labelling mode here: ${c.labelling.mode}, the script's: plain)`,
    `--num_samples ${c.labelling.samples}`,
    `# script: ${AGENT0_SCRIPTS.upload}`,
    `--min_score ${c.curation.minScore}`,
    `--max_score ${c.curation.maxScore}`,
    `--experiment_name ${experimentName}`,
    `# script: ${AGENT0_SCRIPTS.executor} (python3 -m verl_tool.trainer.main_ppo ...; ${algorithm.name})`,
    `algorithm.adv_estimator=${algorithm.id}`,
    ...(perSequence ? [`+actor_rollout_ref.actor.policy_loss_fn=${algorithm.id}`] : []),
    ...(algorithm.scalesAdvantageByConsistency
      ? [
          `+algorithm.min_score_for_scaling=${e.trustLow}`,
          `+algorithm.max_score_for_scaling=${e.trustHigh}`,
          `+algorithm.min_advantage_scale=${e.minScale}`,
        ]
      : []),
    ...(perSequence
      ? [
          `actor_rollout_ref.actor.clip_ratio=${e.epsHighMin}`,
          `+actor_rollout_ref.actor.max_epsilon_bonus=${e.epsHighSpan}`,
          `+actor_rollout_ref.actor.min_score_for_scaling=${round(e.clipScoreHigh - e.clipScoreSpan)}`,
          `+actor_rollout_ref.actor.max_score_for_scaling=${e.clipScoreHigh}`,
          ...(e.epsLow === e.epsHighMin
            ? []
            : [
                `# the ${algorithm.name} loss clips below at 1 - clip_ratio too: this run's epsLow ${e.epsLow} has no argument`,
              ]),
        ]
      : [`actor_rollout_ref.actor.clip_ratio_low=${e.epsLow}`, `actor_rollout_ref.actor.clip_ratio_high=${e.epsHigh}`]),
    ...(algorithm.released
      ? []
      : perSequence
        ? [
            `# as released the trainer reads none of the ${algorithm.name} loss keys and runs GRPO (docs/algorithms.md 7.3)`,
          ]
        : [`# as released the trainer has no ${algorithm.name} and runs GRPO`]),
    e.dualClip !== null
      ? `actor_rollout_ref.actor.clip_ratio_c=${e.dualClip}`
      : perSequence
        ? `# ${algorithm.name}'s loss has no dual clip (the GRPO that runs as released applies clip_ratio_c, default 3.0)`
        : `# no dual clip in this run; verl's vanilla loss always applies actor_rollout_ref.actor.clip_ratio_c (default 3.0)`,
    `actor_rollout_ref.rollout.n=${e.rolloutsPerPrompt}`,
    `actor_rollout_ref.rollout.temperature=${e.temperature}`,
    `actor_rollout_ref.rollout.top_p=${e.topP}`,
    `actor_rollout_ref.agent.max_turns=${e.maxTurns}`,
    `actor_rollout_ref.actor.kl_loss_coef=${e.klCoef}`,
    `actor_rollout_ref.actor.loss_agg_mode=${c.loss.aggregation}`,
    Number.isInteger(miniBatch)
      ? `actor_rollout_ref.actor.ppo_mini_batch_size=${miniBatch}`
      : `# ${e.updatesPerStep} updates per batch do not divide data.train_batch_size ${EXECUTOR_TRAIN_BATCH}`,
    `# updates per batch = data.train_batch_size ${EXECUTOR_TRAIN_BATCH} / ppo_mini_batch_size: ${e.updatesPerStep} in this run, 1 in Agent0's script`,
    `# ADPO trust band [${e.trustLow}, ${e.trustHigh}], advantage floor m=${e.minScale}; tool output kept: last ${e.toolOutputMaxChars} characters (Agent0: max_obs_length 512 tokens)`,
    `# in the tab: ${e.prompts} prompts x ${e.rolloutsPerPrompt} rollouts, ${e.steps} step(s), lr ${e.learningRate}`,
    '',
  ].join('\n');
}

/** A decimal without binary noise (0.8 − 0.5 → 0.3). */
function round(x: number): number {
  return Number(x.toFixed(10));
}

/** The last curation's kept questions as Parquet, with the run's Agent0 arguments. */
export function exportLastCuration(engine: Engine): { parquet: Uint8Array; args: string } {
  const curation = [...engine.trace].reverse().find((r) => r.phase === 'curation');
  const labels =
    curation && engine.trace.find((r) => r.phase === 'self-labelling' && r.iteration === curation.iteration);
  const kept =
    curation?.phase === 'curation' && labels?.phase === 'self-labelling'
      ? curation.keptIndices.flatMap((i) => labels.labels[i] ?? [])
      : [];
  return { parquet: curatedParquet(kept), args: agent0Arguments(engine.config) };
}
