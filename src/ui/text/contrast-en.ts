/** English words of the co-evolution figures (the Korean file says the same). */
import type { ContrastFinding, MixFinding } from '../../engine/studies/coevolution-contrast';
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import { fmt, pct, signed } from '../lib/format';
import type { ContrastTexts } from './contrast-types';

function mixFinding(f: MixFinding): string {
  const noise = `two standard errors over ${f.first.questions} and ${f.last.questions} questions are ±${fmt(2 * f.standardError, 1)} points`;
  const moved = f.withinNoise
    ? `shows no measurable change (${signed(f.change, 1)} points, while ${noise})`
    : `${f.change > 0 ? 'rises' : 'falls'} by ${fmt(Math.abs(f.change), 1)} points (${noise})`;
  return `Questions of level ${HARD_DIFFICULTY} or more make up ${pct(f.from)} of pool ${f.first.iteration} and ${pct(f.to)} of pool ${f.last.iteration}: the hard share ${moved}.`;
}

const range = (s: { mean: number; min: number; max: number }) =>
  `${fmt(s.mean, 2)} (seeds ${fmt(s.min, 2)}–${fmt(s.max, 2)})`;

function contrastFinding(f: ContrastFinding): string {
  const last =
    f.last === 'below'
      ? 'every seed of the frozen questioner lies below every seed of the full run'
      : f.last === 'above'
        ? 'every seed of the frozen questioner lies above every seed of the full run'
        : 'the seeds’ ranges overlap: no measurable difference';
  const first = f.first === 'within' ? 'the ranges overlap' : 'the ranges are already apart';
  return (
    `After iteration ${f.iterations} the full run’s pools average difficulty ${range(f.full.last)}, the frozen questioner’s ${range(f.frozen.last)}: ${last}. ` +
    `After iteration 1 (full ${range(f.full.first)}, frozen ${range(f.frozen.first)}) ${first}. ` +
    `The questioner that learns writes harder questions as the solver improves; the frozen one does not.`
  );
}

export const CONTRAST_EN: ContrastTexts = {
  mixTitle: 'The question pool’s level mix over the iterations',
  mixIntro:
    'Each bar is one iteration’s question pool in the classroom recording, split by the oracle’s difficulty level (1 sums of two digits, 2–7 two-step problems with more and longer operands at each level). As the solver improves, the questioner is paid for questions near p = 0.5, so the pool should move to higher levels.',
  mixBar: (iteration, questions) => `pool ${iteration} (${questions})`,
  level: (level) => `level ${level}`,
  mixTip: (iteration, level, share, count) =>
    `pool of iteration ${iteration}, level ${level}\n${share} (${count} questions)`,
  hardLine: (level) => `above the line: levels ${level}–7`,
  mixAxis: 'question pool of iteration (questions placed)',
  shareAxis: 'share of the pool',
  mixFinding,
  contrastTitle: 'Co-evolution against a frozen questioner',
  contrastIntro: (seeds, iterations) =>
    `Mean difficulty of the question pool after each iteration, in the recorded ablation (${seeds} seeds, ${iterations} iterations): Agent0 as built, and the same run with the questioner never updated (questioner.train=false). A thin line per seed, a thick line for their mean.`,
  full: 'full run',
  frozen: 'questioner frozen',
  iterationAxis: 'iteration',
  difficultyAxis: 'mean pool difficulty',
  contrastTip: (run, iteration, mean, min, max) => `${run}, iteration ${iteration}\nmean ${mean} (seeds ${min}–${max})`,
  contrastFinding,
  loading: 'Loading the recording…',
};
