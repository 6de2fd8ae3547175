/**
 * `?embed=FIGURE`: one figure of the recorded run alone on the page, for a course page's iframe.
 * Its step controls move between the places in the recording where that figure changes: right
 * after each record of the phase it draws (the Curves and the compare view: after each iteration).
 */
import type { PhaseName, PhaseRecord } from '../../engine/loop/trace';

export const EMBED_FIGURES = ['reward', 'votes', 'grpo', 'adpo', 'curves', 'compare'] as const;
export type EmbedFigure = (typeof EMBED_FIGURES)[number];

/** The phase whose records each embeddable figure draws. */
export const EMBED_PHASE: Record<EmbedFigure, PhaseName> = {
  reward: 'curriculum-reward',
  votes: 'self-labelling',
  grpo: 'questioner-update',
  adpo: 'executor-update',
  curves: 'evaluation',
  compare: 'evaluation',
};

/** The `data-view` of the figure each name shows. */
export const EMBED_VIEW: Record<EmbedFigure, string> = {
  reward: 'reward-parts',
  votes: 'votes',
  grpo: 'grpo-groups',
  adpo: 'adpo-curves',
  curves: 'curves',
  compare: 'compare',
};

export function isEmbedFigure(name: string): name is EmbedFigure {
  return (EMBED_FIGURES as readonly string[]).includes(name);
}

/**
 * The stops of a figure in a recorded trace: for each record of its phase, the number of records
 * played once that record is in (its position + 1), in order.
 */
export function embedStops(trace: readonly Pick<PhaseRecord, 'phase'>[], figure: EmbedFigure): number[] {
  return trace.flatMap((r, i) => (r.phase === EMBED_PHASE[figure] ? [i + 1] : []));
}

/** The stop an embed opens at: the whole run for the curves and the compare view, else the first. */
export function firstStop(stops: readonly number[], figure: EmbedFigure): number {
  return figure === 'curves' || figure === 'compare' ? Math.max(0, stops.length - 1) : 0;
}
