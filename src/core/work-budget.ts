/**
 * How much work one phase of an iteration may ask of a browser tab. Each range rule alone allows
 * sizes no tab can run (4096 executor prompts × 256 rollouts; 100,000 pool questions × 64 labelling
 * samples), so the products are bounded too. The limits sit far above the presets (`faithful`, the
 * largest: 32 questioner rollouts per step, 320 proxy answers, 128 executor rollouts per step, 576
 * labelling samples per iteration): at least 12 times each, chosen from those sizes.
 */
import type { Agent0Config } from './config';
import type { Problem } from './problems';

/** The phases whose work is bounded, each the product of the settings it names, and the iteration's sum. */
export type WorkBudgetName =
  'questioner-rollouts' | 'proxy-answers' | 'executor-rollouts' | 'labelling-samples' | 'iteration-sequences';

interface WorkBudget {
  name: WorkBudgetName;
  /** The settings the work is computed from, as dotted paths (the problem names them). */
  paths: string[];
  /** How the work follows from them, as the problem writes it (the product of `paths` where absent). */
  formula?: string;
  /** The most work allowed. */
  limit: number;
  work: (c: Agent0Config) => number;
}

export const WORK_BUDGETS: readonly WorkBudget[] = [
  {
    name: 'questioner-rollouts',
    paths: ['questioner.prompts', 'questioner.rolloutsPerPrompt'],
    limit: 1024,
    work: (c) => c.questioner.prompts * c.questioner.rolloutsPerPrompt,
  },
  {
    name: 'proxy-answers',
    paths: ['questioner.prompts', 'questioner.rolloutsPerPrompt', 'proxy.candidates'],
    limit: 4096,
    work: (c) => c.questioner.prompts * c.questioner.rolloutsPerPrompt * c.proxy.candidates,
  },
  {
    name: 'executor-rollouts',
    paths: ['executor.prompts', 'executor.rolloutsPerPrompt'],
    limit: 2048,
    work: (c) => c.executor.prompts * c.executor.rolloutsPerPrompt,
  },
  {
    name: 'labelling-samples',
    paths: ['pool.questions', 'labelling.samples'],
    limit: 8192,
    work: (c) => c.pool.questions * c.labelling.samples,
  },
  {
    // Every sequence one iteration generates, all phases and steps together: each budget above
    // bounds one step, but `steps` (up to 1000) multiplies them. faithful: 1760 + 576 + 640 + 140 =
    // 3116; the limit is about 12.8 times that.
    name: 'iteration-sequences',
    paths: [
      'questioner.steps',
      'questioner.prompts',
      'questioner.rolloutsPerPrompt',
      'proxy.candidates',
      'pool.questions',
      'labelling.samples',
      'executor.steps',
      'executor.prompts',
      'executor.rolloutsPerPrompt',
      'evaluation.questionsPerDifficulty',
    ],
    formula:
      'questioner.steps × questioner.prompts × questioner.rolloutsPerPrompt × (1 + proxy.candidates) + pool.questions × labelling.samples + executor.steps × executor.prompts × executor.rolloutsPerPrompt + 7 × evaluation.questionsPerDifficulty',
    limit: 40_000,
    work: (c) =>
      c.questioner.steps * c.questioner.prompts * c.questioner.rolloutsPerPrompt * (1 + c.proxy.candidates) +
      c.pool.questions * c.labelling.samples +
      c.executor.steps * c.executor.prompts * c.executor.rolloutsPerPrompt +
      7 * c.evaluation.questionsPerDifficulty,
  },
];

/** One `work-budget` problem per budget the settings exceed (settings already in range). */
export function workBudgetProblems(config: Agent0Config): Problem[] {
  return WORK_BUDGETS.filter((b) => b.work(config) > b.limit).map((b) => ({
    kind: 'work-budget',
    budget: b.name,
    paths: b.paths,
    formula: b.formula ?? b.paths.join(' × '),
    got: b.work(config),
    limit: b.limit,
  }));
}
