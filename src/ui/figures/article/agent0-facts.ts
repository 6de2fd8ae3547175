/**
 * Numbers of Agent0's released scripts that the page sets beside this run's own settings, each with
 * the file it comes from (aiming-lab/Agent0 @ 30e1882; docs/algorithms.md §1, §6, §7.5). They are
 * facts about Agent0, never settings of the simulated run.
 */
export const AGENT0 = {
  /**
   * curriculum_train/scripts/curriculum_train.sh (worker.rollout.n, worker.actor.global_batch_size, trainer.max_steps,
   * trainer.save_freq, and the merged checkpoint global_step_5) over curriculum_train/examples/config.yaml
   * (data.rollout_batch_size, worker.rollout.temperature / top_p). Updates per step = rolloutBatch / globalBatch.
   */
  questioner: {
    n: 4,
    rolloutBatch: 512,
    globalBatch: 128,
    maxSteps: 6,
    keptStep: 5,
    saveFreq: 1,
    temperature: 1,
    topP: 0.99,
  },
  /** vllm_service_init/start_vllm_server_tool.py: the solver proxy inside the curriculum reward. */
  proxy: { candidates: 10, temperature: 0.7, topP: 0.9, maxTurns: 4 },
  /** question_generate/question_generate.py: the question pool. */
  pool: { questions: 8000, temperature: 1, topP: 0.95 },
  /** question_evaluate/evaluate.py: self-labelling. */
  labelling: { samples: 9, temperature: 1, topP: 1, topK: 40, maxTokens: 4096 },
  /** executor_train/examples/train/math_tir/train_qwen3_4b_adpo.sh: n, temperature, top_p, max_turns. */
  executor: { n: 16, temperature: 1, topP: 1, maxTurns: 4 },
  /** question_evaluate/upload.py default --max_score, and the README's run. */
  curation: { uploadDefaultMax: 0.7, readmeMax: 0.8, min: 0.3 },
} as const;
