/**
 * The arguments Agent0's scripts accept, copied by hand from aiming-lab/Agent0 (commit 3cf8bfe) for
 * the export test: per script, each key or flag with the kind of value it takes, and where it was
 * read. Overrides of the two trainers are OmegaConf / Hydra keys: a key the config does not declare
 * needs a leading `+` (as the executor script writes its ADPO keys).
 */

export type ValueKind = 'int' | 'float' | 'string' | readonly string[];

/** What is wrong with `value` for a key of this kind, or null. */
export function valueProblem(kind: ValueKind, value: string): string | null {
  if (Array.isArray(kind)) return kind.includes(value) ? null : `one of ${kind.join(', ')}`;
  if (kind === 'int') return /^-?\d+$/.test(value) ? null : 'an integer';
  if (kind === 'float') return /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/.test(value) ? null : 'a number';
  return /^[\w.-]+$/.test(value) ? null : 'a plain string';
}

export const AGENT0_ACCEPTS: Record<string, Record<string, ValueKind>> = {
  // python3 -m verl.trainer.main config=examples/config.yaml …: OmegaConf.merge over PPOConfig.
  'Agent0/curriculum_train/scripts/curriculum_train.sh': {
    // curriculum_train.sh passes it; verl/workers/rollout/config.py RolloutConfig.n
    'worker.rollout.n': 'int',
    // verl/workers/rollout/config.py RolloutConfig.temperature, top_p
    'worker.rollout.temperature': 'float',
    'worker.rollout.top_p': 'float',
    // verl/workers/actor/config.py ActorConfig.clip_ratio_low / clip_ratio_high / clip_ratio_dual
    'worker.actor.clip_ratio_low': 'float',
    'worker.actor.clip_ratio_high': 'float',
    'worker.actor.clip_ratio_dual': 'float',
    // verl/trainer/config.py AlgorithmConfig.kl_coef (examples/config.yaml algorithm.kl_coef: 1.0e-2);
    // ActorConfig.kl_coef is an init=False field copied from it in PPOConfig.post_init.
    'algorithm.kl_coef': 'float',
  },
  // question_evaluate/evaluate.py argparse
  'Agent0/curriculum_train/question_evaluate/evaluate.py': {
    '--num_samples': 'int',
  },
  // question_evaluate/upload.py argparse
  'Agent0/curriculum_train/question_evaluate/upload.py': {
    '--min_score': 'float',
    '--max_score': 'float',
    '--experiment_name': 'string',
  },
  // python3 -m verl_tool.trainer.main_ppo …: Hydra over verl_tool/trainer/config/ppo_trainer.yaml.
  'Agent0/executor_train/examples/train/math_tir/train_qwen3_4b_adpo.sh': {
    // train_qwen3_4b_adpo.sh: algorithm.adv_estimator=$rl_alg (adpo); verl_tool/trainer/ppo/core_algos.py
    // AdvantageEstimator includes grpo and adpo
    'algorithm.adv_estimator': ['grpo', 'adpo'],
    // train_qwen3_4b_adpo.sh, as written there
    '+actor_rollout_ref.actor.policy_loss_fn': ['adpo'],
    '+algorithm.min_score_for_scaling': 'float',
    '+algorithm.max_score_for_scaling': 'float',
    '+algorithm.min_advantage_scale': 'float',
    '+actor_rollout_ref.actor.max_epsilon_bonus': 'float',
    // verl_tool/trainer/ppo/core_algos.py compute_policy_loss_adpo: config.get("min_score_for_scaling"),
    // config.get("max_score_for_scaling") on the actor config (the fade of ε_high(s))
    '+actor_rollout_ref.actor.min_score_for_scaling': 'float',
    '+actor_rollout_ref.actor.max_score_for_scaling': 'float',
    // verl_tool/trainer/config/actor/actor.yaml: clip_ratio (ADPO's base ε), clip_ratio_low,
    // clip_ratio_high, clip_ratio_c (dual clip, 3.0), kl_loss_coef, loss_agg_mode, ppo_mini_batch_size
    'actor_rollout_ref.actor.clip_ratio': 'float',
    'actor_rollout_ref.actor.clip_ratio_low': 'float',
    'actor_rollout_ref.actor.clip_ratio_high': 'float',
    'actor_rollout_ref.actor.clip_ratio_c': 'float',
    'actor_rollout_ref.actor.kl_loss_coef': 'float',
    'actor_rollout_ref.actor.loss_agg_mode': ['token-mean', 'seq-mean-token-mean', 'seq-mean-token-sum-norm'],
    'actor_rollout_ref.actor.ppo_mini_batch_size': 'int',
    // verl_tool/trainer/config/rollout/rollout.yaml: n, temperature, top_p (the script sets all three)
    'actor_rollout_ref.rollout.n': 'int',
    'actor_rollout_ref.rollout.temperature': 'float',
    'actor_rollout_ref.rollout.top_p': 'float',
    // verl_tool/trainer/config/verltool/agent.yaml max_turns (the script: actor_rollout_ref.agent.max_turns=4)
    'actor_rollout_ref.agent.max_turns': 'int',
  },
};
