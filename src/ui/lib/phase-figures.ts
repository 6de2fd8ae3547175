/**
 * Where each phase of the loop shows on the page: the figure it fills (followed after a step), and
 * which phases each chapter explains (said in the contents, whose order is the chapters' own).
 */
import { PHASES, type PhaseName } from '../../engine/loop/trace';

/** The figure (`data-view`) that a phase's record fills first. */
export const PHASE_FIGURE: Record<PhaseName, string> = {
  'questioner-rollouts': 'rollouts',
  'contract-parsing': 'rollouts',
  'solver-proxy': 'uncertainty',
  'curriculum-reward': 'reward-parts',
  'questioner-update': 'grpo-groups',
  'question-pool': 'pool',
  'self-labelling': 'votes',
  curation: 'histogram',
  'executor-update': 'adpo-ratios',
  evaluation: 'curves',
};

/** The page's chapters, in the order they stand on the page. */
export const CHAPTER_IDS = ['loop', 'contracts', 'reward', 'labelling', 'grpo', 'adpo', 'curves', 'repair'] as const;
export type ChapterId = (typeof CHAPTER_IDS)[number];

/** The phases each chapter explains (none for the overview and the repair lab). */
export const CHAPTER_PHASES: Record<ChapterId, readonly PhaseName[]> = {
  loop: [],
  contracts: ['questioner-rollouts', 'contract-parsing'],
  reward: ['solver-proxy', 'curriculum-reward'],
  labelling: ['question-pool', 'self-labelling', 'curation'],
  grpo: ['questioner-update'],
  adpo: ['executor-update'],
  curves: ['evaluation'],
  repair: [],
};

/** A chapter's phases as strip numbers, runs joined by an en dash: "6–8", "5" (empty for none). */
export function phaseNumbers(chapter: ChapterId): string {
  const ns = CHAPTER_PHASES[chapter].map((p) => PHASES.indexOf(p) + 1).sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && (ns[j + 1] as number) === (ns[j] as number) + 1) j++;
    runs.push(i === j ? `${ns[i]}` : `${ns[i]}–${ns[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}
