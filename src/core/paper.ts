/**
 * The numbers this lab quotes from the Agent0 paper (arXiv 2511.16043), each with the table or
 * equation it comes from. Pages, studies and docs read them here. They are what the paper reports,
 * never settings of a run; the numbers of Agent0's released code live elsewhere (src/core/release.ts,
 * src/ui/figures/article/agent0-facts.ts).
 */

/** The weight of each executor call in the curriculum reward's tool term, λ_tool (Eq. 3, 5; docs/algorithms.md §7.5). */
export const PAPER_TOOL_REWARD_PER_CALL = 0.6;

/** One row of Table 3 or Table 9: the math and general averages, in points («Qwen3-8B»). */
export interface PaperAccuracy {
  math: number;
  general: number;
}

/**
 * Table 3 (ablations): the math and general averages of full Agent0 and of each ablation, keyed
 * as the simulator's ablation variants (src/engine/studies/ablation-variants.ts).
 */
export const PAPER_TABLE3 = {
  full: { math: 58.2, general: 36.7 },
  /** The curriculum agent is not trained. */
  'no-curriculum-training': { math: 46.8, general: 29.5 },
  /** No tool term in the curriculum reward. */
  'no-tool-reward': { math: 48.7, general: 31.8 },
  /** No repetition penalty in the curriculum reward. */
  'no-repetition-penalty': { math: 47.9, general: 31.3 },
  /** The executor updated by GRPO instead of ADPO. */
  'grpo-executor': { math: 56.2, general: 34.9 },
  /** The executor answers in a single turn. */
  'single-turn-executor': { math: 55.9, general: 35.3 },
} as const satisfies Record<string, PaperAccuracy>;

/**
 * Table 9 (the curriculum agent's interaction turns): the math and general columns with 4 turns
 * (Agent0's default) and with 1.
 */
export const PAPER_TABLE9 = {
  fourTurns: { math: 51.9, general: 31.6 },
  oneTurn: { math: 50.4, general: 30.8 },
} as const satisfies Record<string, PaperAccuracy>;

/**
 * Table 5: the executor frozen after iteration 1 (`solver`) answers `questions` questions of the
 * curriculum of iterations 1, 2 and 3: its pass rate (a share) and its average tool calls, per iteration.
 */
export const PAPER_TABLE5 = {
  solver: 1,
  questions: 200,
  pass: [0.64, 0.585, 0.51],
  toolCalls: [1.65, 2.1, 2.6],
} as const;
