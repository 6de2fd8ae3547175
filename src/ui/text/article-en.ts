/** English: the article sections set next to the run's data. */
import type { ArticleTexts } from './page-types';

export const ARTICLE_EN: ArticleTexts = {
  layoutTitle: 'Agent0’s two training trees',
  layoutHead: { role: 'role', folder: 'folder', env: 'environment', algorithm: 'update' },
  layoutRows: [
    { side: 'questioner (curriculum agent)', folder: 'curriculum_train/', env: 'curriculum', algorithm: 'GRPO' },
    { side: 'executor (solver)', folder: 'executor_train/', env: 'executor', algorithm: 'ADPO' },
  ],
  layoutBase: (params) =>
    params > 0
      ? `Agent0 trains each role in its own folder and environment, one after the other, and both start as the same base model («Qwen3-4B-Base» in its README). Here both start from one checkpoint of ${params.toLocaleString('en')} parameters and grow apart as they train.`
      : 'Agent0 trains each role in its own folder and environment, one after the other, and both start as the same base model («Qwen3-4B-Base» in its README). Here both start from one base checkpoint and grow apart as they train.',
  promptTitle: 'The questioner’s prompt, clause by clause, and the reward term that enforces it',
  promptIntro:
    'Agent0 asks its questioner in a system prompt for hard, fresh problems in a fixed two-block format. Each clause has a reward term that checks it. This tiny model is prompted with one role token instead, so here only the reward asks.',
  promptHead: {
    term: 'reward term',
    clause: 'clause of Agent0’s prompt',
    here: 'in this simulator',
    batch: 'this batch',
  },
  promptRows: {
    uncertainty: {
      clause: 'aim for problems that fewer than 30 % of advanced high-school students could solve',
      here: 'U from the proxy’s agreement p',
    },
    violation: {
      clause: 'output exactly a «<question>» block and a «\\boxed{}» answer, nothing else',
      here: 'the same contract, read by pattern; U = −1 when broken',
    },
    repetition: {
      clause: 'avoid textbook clichés and famous contest problems',
      here: 'the share of the question’s BLEU cluster',
    },
    tool: {
      clause: 'no clause: it leans on the solver’s «```output» contract',
      here: 'calls per candidate, capped',
    },
  },
  promptHereWhen: {
    checkRequired:
      'the same contract, read by pattern, plus at least one program run while writing; U = −1 when broken',
    releasedTool: 'the questioner’s own «```output» blocks, capped (as released)',
  },
  persona:
    'A variant of Agent0’s prompt starts with a persona drawn from a pool (for example a researcher or an olympiad medallist) to vary the style of the problems, a partner of the repetition penalty. This simulator has no persona variant: its tiny model reads no prose.',
  executorPromptsTitle: 'The prompts of the solvers, in Agent0 and here',
  executorPromptsHead: { role: 'role', agent0: 'Agent0', here: 'here' },
  executorPrompts: {
    questioner: { role: 'questioner', agent0: 'a role, a difficulty target and the two-block output contract' },
    plain: { role: 'plain solver', agent0: 'one line: reason step by step, final answer in «\\boxed{}»' },
    tool: {
      role: 'tool solver',
      agent0:
        'may write a «```python» block that prints its results, then stop and wait for them; final answer in «\\boxed{}»',
    },
    observation: { role: 'tool result', agent0: 'pasted after «Code execution result:»' },
  },
  fenceNote:
    'Agent0’s solver proxy pastes tool results after the words «Code execution result:», while its executor trainer stops generation at «```output». The simulator uses one «```output» fence for both, so its tiny model learns a single format.',
  samplingTitle: 'Sampling settings of every stage',
  samplingHead: {
    stage: 'stage',
    n: 'samples',
    temperature: 'T',
    topP: 'top-p',
    topK: 'top-k',
    turns: 'tool turns',
    agent0: 'Agent0',
  },
  samplingStages: {
    questioner: 'questioner rollouts',
    proxy: 'solver proxy (p)',
    pool: 'question pool',
    labelling: 'self-labelling (s)',
    executor: 'executor rollouts',
  },
  maxTokens:
    'Agent0 caps each labelling sample at «max_tokens = 4096»; here a turn runs until its closing fence, its box or the end of the model’s context.',
  matchingTitle: 'Which answers count as the same',
  matching:
    'Answers are bucketed in two stages, as in Agent0: equal strings first, then mathematical equality, so «\\frac{1}{2}» and «0.5» are one answer. Agent0 uses mathruler’s grader, which also normalises units and text and simplifies expressions with sympy (so «\\sqrt{4}» and «2» agree there). The simulator’s matcher reads numbers only (integers, decimals, fractions, LaTeX fractions) as exact rationals: narrower, and enough for the answers its task family produces.',
  matchingHead: { a: 'answer', b: 'answer', same: 'same here?' },
  grpoScriptTitle: 'Agent0’s questioner script and this run',
  grpoScriptHead: { setting: 'setting', agent0: 'Agent0', run: 'this run' },
  grpoScriptRows: {
    n: 'rollouts per prompt («rollout.n»)',
    batch: 'prompts per step («rollout_batch_size»)',
    steps: 'steps per iteration («max_steps»)',
    updates: 'updates per step (prompts per update: «global_batch_size»)',
    save: 'checkpoint',
  },
  updatesOf: (rolloutBatch, globalBatch) => `${rolloutBatch / globalBatch} (${rolloutBatch} / ${globalBatch})`,
  stepsKept: (maxSteps, kept) => `${maxSteps} (the script merges step ${kept})`,
  everyStep: 'every step',
  everyIteration: 'after every iteration',
  degenerateTitle: 'What a group’s shape teaches',
  degenerate: {
    equal: (count) => `All rewards equal: every advantage is 0 and the group teaches nothing. In this batch: ${count}.`,
    outlier: (count) =>
      `One reward apart from all the others: that rollout’s advantage is large, and the update leans on one sample. In this batch: ${count}.`,
    single: (count) =>
      `A group of one has nothing to compare with: Agent0’s curriculum trainer stops with «GRPO needs rollout.n > 1.», and this simulator refuses fewer than 2 questioner rollouts per prompt (this run: ${count}).`,
    split: (count) =>
      `Rewards split half and half: every advantage is close to ±1, a plain signal. Questions that every rollout gets right, or every one gets wrong, give all-equal groups instead, one reason curation drops scores at the extremes. In this batch: ${count}.`,
  },
  degenerateOutlierA: (g, a) => `A lone 1 among 0s in a group of G = ${g}: A = (G − 1)/√G = ${a}.`,
  degenerateSplitA: (g, a) => `Half 1s, half 0s in a group of G = ${g}: A = ±√((G − 1)/G) = ±${a}.`,
  executorRewardTitle: 'The executor’s reward',
  executorRewardCounts: (plus, minus) => `In the latest executor batch: ${plus} rollouts at +1, ${minus} at −1.`,
  yes: 'yes',
  no: 'no',
  notesTitle: 'Where the released code differs, and what this run does',
};
