/**
 * Export for users who outgrow a tab: the curated set as Parquet with Agent0's columns
 * (`problem`, `answer`, `score`, as its upload step writes them) and this run's settings mapped onto
 * the parameters of Agent0's scripts, so the same curriculum can be continued with the real Agent0.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Agent0Config } from '../core/config';
import type { Engine } from './engine';
import type { SelfLabel } from './trace';

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

/**
 * The run's rules as arguments of Agent0's pipeline, one script per block. Sizes that only make
 * sense for a tab (batch counts, learning rates of a tiny model) are listed as comments, so a
 * cluster run keeps Agent0's own.
 */
export function agent0Arguments(c: Agent0Config, experimentName = 'agent0_lab_export'): string {
  const q = c.questioner;
  const e = c.executor;
  return [
    `# Agent0 Lab export: the rules of this run for aiming-lab/Agent0 (experiment ${experimentName}).`,
    `# Parameter names follow the verl / EasyR1 / verl-tool configs the scripts pass through; check them against your checkout.`,
    `# Curriculum agent (curriculum_train/scripts/curriculum_train.sh, verl):`,
    `worker.rollout.n=${q.rolloutsPerPrompt}`,
    `worker.actor.clip_ratio_low=${q.epsLow}`,
    `worker.actor.clip_ratio_high=${q.epsHigh}`,
    `worker.actor.clip_ratio_dual=${q.dualClip ?? 'null'}`,
    `worker.actor.kl_coef=${q.klCoef}`,
    `# in the tab: ${q.prompts} prompts x ${q.rolloutsPerPrompt} rollouts, ${q.steps} step(s), ${q.updatesPerStep} updates per step, lr ${q.learningRate}`,
    `# Solver proxy inside the reward: ${c.proxy.candidates} tool candidates, max_turns=${c.proxy.maxTurns}, temperature=${c.proxy.temperature}, top_p=${c.proxy.topP}, gate=${c.proxy.gate}`,
    `# Curriculum reward: uncertainty ${c.reward.uncertaintyScale}, repetition weight ${c.reward.repetitionWeight} at BLEU distance ${c.reward.clusterThreshold}, tool reward ${c.reward.toolRewardPerCall} x min(N, ${c.reward.toolRewardCap}) (${c.reward.toolRewardSource})`,
    `# Question generation: temperature=${c.pool.temperature}, top_p=${c.pool.topP}`,
    `# Self-labelling (question_evaluate):`,
    `--num_samples ${c.labelling.samples}`,
    `# Curation (question_evaluate/upload.py):`,
    `--min_score ${c.curation.minScore} --max_score ${c.curation.maxScore} --experiment_name ${experimentName}`,
    `# Executor agent (executor_train, verl-tool; ${e.algorithm === 'adpo' ? 'ADPO' : 'GRPO'}):`,
    `actor_rollout_ref.rollout.n=${e.rolloutsPerPrompt}`,
    `max_turns=${e.maxTurns}`,
    `actor_rollout_ref.actor.clip_ratio_low=${e.epsLow}`,
    `actor_rollout_ref.actor.clip_ratio_high=${e.algorithm === 'adpo' ? `${e.epsHighMin}+${e.epsHighSpan}*e(s)` : e.epsHigh}`,
    `actor_rollout_ref.actor.kl_loss_coef=${e.klCoef}`,
    `# ADPO trust weight band [${e.trustLow}, ${e.trustHigh}], advantage floor m=${e.minScale}`,
    `# in the tab: ${e.prompts} prompts x ${e.rolloutsPerPrompt} rollouts, ${e.steps} step(s), ${e.updatesPerStep} updates per step, lr ${e.learningRate}`,
    `# Loss aggregation: ${c.loss.aggregation}`,
    '',
  ].join('\n');
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
