/** English words of the Tables 3 / 9 view (the Korean file says the same). */
import type { AblationFinding } from '../../engine/studies/ablation-table';
import type { AblationTexts } from './ablation-types';
import { list } from './list-en';

const VARIANT: AblationTexts['variant'] = {
  full: 'full Agent0',
  'no-curriculum-training': 'without curriculum training',
  'no-tool-reward': 'without tool reward',
  'no-repetition-penalty': 'without repetition penalty',
  'grpo-executor': 'executor trained with GRPO, not ADPO',
  'single-turn-executor': 'single-turn executor',
  'curriculum-one-turn': 'curriculum agent with one turn (Table 9)',
};

const names = (ids: AblationFinding['below']) => list(ids.map((id) => `“${VARIANT[id]}”`));
const are = (n: number) => (n === 1 ? 'is' : 'are');

function finding(f: AblationFinding): string {
  const measure =
    f.key === 'final'
      ? `held-out accuracy after iteration ${f.iterations}`
      : `held-out accuracy averaged over iterations 1–${f.iterations}`;
  const setup =
    `Over ${f.seeds} ${f.seeds === 1 ? 'seed' : 'seeds'} of ${f.iterations} ${f.iterations === 1 ? 'iteration' : 'iterations'} each, ` +
    `${measure}, each evaluation scoring ${f.questions} held-out questions: `;
  const parts: string[] = [];
  if (f.below.length > 0)
    parts.push(
      `${names(f.below)} ${are(f.below.length)} below the full run outside the seeds’ spread (every seed under every seed of the full run)`,
    );
  else parts.push('no variant is below the full run outside the seeds’ spread');
  if (f.within.length > 0)
    parts.push(
      `${names(f.within)} ${are(f.within.length)} within the spread, so these seeds cannot tell ${f.within.length === 1 ? 'it' : 'them'} from the full run`,
    );
  if (f.above.length > 0)
    parts.push(
      `${names(f.above)} ${are(f.above.length)} above the full run outside the spread (every seed over every seed of the full run)`,
    );
  const single =
    f.seeds === 1 ? ' With a single seed there is no spread: each difference is one run against one run.' : '';
  return `${setup}${parts.join('; ')}.${single} The paper reports one number per variant, with no seeds or error bars.`;
}

export const ABLATION_EN: AblationTexts = {
  title: 'Tables 3 and 9: ablations over seeds',
  intro: (preset) =>
    `Agent0’s Table 3 takes one part away at a time, and its Table 9 lets the curriculum agent write with one tool turn instead of four. Here each variant is the «${preset}» preset with the settings in its row, run on several seeds with the same held-out questions: a dot per seed, a bar at their mean, and the full run’s seed range shaded behind every row. Beside each row: its difference from the full run in points, and the paper’s.`,
  variant: VARIANT,
  finalMeasure: (iterations) => `after the last iteration (${iterations})`,
  averageMeasure: (iterations) => `averaged over iterations 1–${iterations}`,
  measure: 'Held-out accuracy',
  axis: 'held-out accuracy',
  colVariant: 'variant',
  colSettings: 'settings',
  colSeeds: 'per seed',
  colMean: 'mean (min–max)',
  colDifference: 'vs full',
  colSeparation: 'against the seeds’ spread',
  colPaperMath: 'paper, math',
  colPaperGeneral: 'paper, general',
  defaults: 'the preset’s defaults',
  points: (d) => `${d} pts`,
  paperPair: (math, general, table) => `paper (Table ${table}): ${math} / ${general}`,
  separation: {
    below: 'below, outside the spread',
    above: 'above, outside the spread',
    within: 'within the spread',
  },
  seedTip: (variant, seed, accuracy) => `${variant}\nseed ${seed}: held-out accuracy ${accuracy}`,
  meanTip: (variant, mean, min, max, difference) =>
    `${variant}\nmean ${mean} (seeds ${min}–${max})\nagainst the full run: ${difference}`,
  fullBand: 'the full run’s seed range',
  seedLegend: 'one seed',
  meanLegend: 'mean over seeds',
  paperNote: (table3, table9) =>
    `The paper’s differences are in points on «Qwen3-8B»: Table 3’s math and general averages against full Agent0 (${table3}), and Table 9’s math and general columns for one curriculum turn against four (${table9}).`,
  loading: 'Loading the recorded ablation…',
  finding,
};
