/** English words of the Curves' level maps (the Korean file says the same). */
import type { LevelTexts } from './levels-types';

const column = (i: number) => (i === 0 ? 'base' : String(i));
const at = (d: number, i: number) => `level ${d}, ${i === 0 ? 'the base model' : `iteration ${i}`}`;

export const LEVELS_EN: LevelTexts = {
  intro:
    'Each map has a row per difficulty level (7 at the top) and a column per iteration. Held-out accuracy shows where the executor stands on each level; the pool’s mix shows which levels the questioner writes; the last two show, per level, the share of the questioner’s questions that repeat one another (a BLEU cluster of two or more) and the share of the labelled questions the curation band lets into training.',
  title: {
    accuracy: 'Held-out accuracy per level',
    pool: 'The pool’s level mix',
    repeated: 'Share in repeated clusters',
    admitted: 'Share admitted by the curation band',
  },
  level: (d) => String(d),
  column,
  levelsAxis: 'level',
  iterationsAxis: 'iteration',
  tip: (kind, d, i, value, n) => {
    const where = at(d, i);
    if (kind === 'accuracy') return `${where}: held-out accuracy ${value} of ${n} questions`;
    if (kind === 'pool') return `${where}: ${n} pool questions, ${value} of the pool’s levelled questions`;
    if (kind === 'repeated') return `${where}: ${value} of ${n} written questions in a repeated cluster`;
    return `${where}: the band admits ${value} of ${n} labelled questions`;
  },
  noTip: (kind, d, i) => `${at(d, i)}: ${kind === 'accuracy' ? 'not evaluated' : 'no question of this level'}`,
  legend: (p) => `share ${p}`,
  none: 'This run’s summaries hold no figures by level (they were saved before these were measured).',
};
