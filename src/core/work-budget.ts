/**
 * How much work one phase of an iteration may ask of a browser tab. Each range rule alone allows
 * sizes no tab can run (4096 executor prompts × 256 rollouts; 100,000 pool questions × 64 labelling
 * samples), so the products are bounded too. The limits sit far above the presets (`faithful`, the
 * largest: 32 questioner rollouts per step, 320 proxy answers, 128 executor rollouts per step, 576
 * labelling samples per iteration): at least 12 times each, chosen from those sizes.
 */
import type { Agent0Config } from './config';
import type { Problem } from './problems';

/** The phases whose work is bounded, each the product of the settings it names. */
export type WorkBudgetName = 'questioner-rollouts' | 'proxy-answers' | 'executor-rollouts' | 'labelling-samples';

interface WorkBudget {
  name: WorkBudgetName;
  /** The settings multiplied, as dotted paths (the problem names them). */
  paths: string[];
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
];

/** One `work-budget` problem per phase that asks for more than its limit (settings already in range). */
export function workBudgetProblems(config: Agent0Config): Problem[] {
  return WORK_BUDGETS.filter((b) => b.work(config) > b.limit).map((b) => ({
    kind: 'work-budget',
    budget: b.name,
    paths: b.paths,
    got: b.work(config),
    limit: b.limit,
  }));
}
