/** English sentences of the signal-reshaping chapter read off its recording: its settings, the seeds' table and the paper's orderings. */
import { NOISE_STANDARD_ERRORS } from '../../core/stats';
import { signed } from '../lib/format';
import type { FullComparison, RepairClaim } from '../../repair/claims';
import { list } from './list-en';
import type { RepairNoteTexts } from './types';

/** The recorded run's settings, said beside its views. */
export const REPAIR_NOTES_EN: RepairNoteTexts = {
  recording: (c) =>
    `In this run every check or run fails in the environment with probability ${c.failureRate} (half crashes, half time-outs), drawn from seed ${c.seed}, so each variant meets the same failures. The held-out curves sample ${c.evalTasks} fixed snippets ` +
    (c.evalTemperature === 0
      ? 'greedily'
      : `at T = ${c.evalTemperature}${c.evalTemperature === c.temperature ? ', the training temperature' : ''}`) +
    `, without injected failures. The mean-preserving weighting raises every score below ${c.weightFloor} to ${c.weightFloor} before it divides.`,
  claims: (claims, n, seeds, regime) => {
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const said: Record<RepairClaim['outcome'], string> = {
      holds: 'the paper’s order holds',
      reversed: 'the order is reversed',
      'cannot-tell': one ? 'this run cannot tell them apart' : 'these seeds cannot tell them apart',
    };
    const name = (variant: string) => (variant === 'base' ? 'the model before training' : variant);
    const side = (variant: string, s: RepairClaim['higherSeeds']) =>
      `${name(variant)} ${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const claim = (c: RepairClaim) =>
      c.rule === 'standard-error'
        ? `${name(c.higher)} ${v(c.gap.intended)} against ${name(c.lower)} ${v(c.gap.changed)} (difference ${signed(c.gap.cost, 3)}, ${NOISE_STANDARD_ERRORS} standard errors ${v(NOISE_STANDARD_ERRORS * c.gap.standardError)}): ${said[c.outcome]}`
        : `${side(c.higher, c.higherSeeds)} against ${side(c.lower, c.lowerSeeds)}: ${said[c.outcome]}`;
    const rule = one
      ? `What this recording can say: one seed, final strict accuracy on ${n} held-out episodes, and a difference counts only when it is at least ${NOISE_STANDARD_ERRORS} standard errors. `
      : `What this recording can say: seeds ${list(seeds.map(String))}, final strict accuracy on ${n} held-out episodes each (the mean over the seeds, and their range), and an order counts only when every seed of one side lies above every seed of the other. `;
    return (
      rule +
      claims.map(claim).join('; ') +
      `. Before training the model already compiles ${v(regime.compile)} of the snippets and repairs ${v(regime.strict)} of them fully, their own run included (the paper’s zero-shot model: 0.385 strict)` +
      (regime.strictNoSignal === null
        ? '.'
        : `; in binary-strict’s first iteration ${regime.strictNoSignal.groups} of its ${regime.strictNoSignal.of} groups gave no signal (every rollout scored the same), so ` +
          (2 * regime.strictNoSignal.groups > regime.strictNoSignal.of
            ? 'full repairs are rare at the start here: the regime the paper’s layered reward is meant for.'
            : 'full repairs are not rare at the start here: the binary strict reward already ranks the rollouts of most groups, and the regime the paper’s layered reward is meant for, rare full repairs, is not this lab’s.'))
    );
  },
  versusFull: (comparisons, seeds, regime) => {
    const first = comparisons[0];
    if (!first) return '';
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const side = (s: FullComparison['full']) =>
      `${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const where: Record<FullComparison['outcome'], string> = one
      ? {
          above: `above full by ${NOISE_STANDARD_ERRORS} standard errors or more`,
          below: `below full by ${NOISE_STANDARD_ERRORS} standard errors or more`,
          within: 'no measurable change',
        }
      : { above: 'above full on every seed', below: 'below full on every seed', within: 'no measurable change' };
    const named = (o: FullComparison['outcome']) => comparisons.filter((c) => c.outcome === o).map((c) => c.variant);
    const [above, below, level] = [named('above'), named('below'), named('within')];
    const by = one ? `by ${NOISE_STANDARD_ERRORS} standard errors or more` : 'on every seed';
    const paper = 'full is best (0.535 strict from the zero-shot model’s 0.385; the layered reward alone 0.48)';
    const verdict =
      above.length > 0
        ? `${list(above)} ${above.length === 1 ? 'beats' : 'beat'} full ${by}: the opposite of the paper, where ${paper}.`
        : level.length === 0
          ? `Every variant lies below full ${by}, as in the paper, where ${paper}.`
          : `No variant lies above full ${by}, but ${list(level)} cannot be told from it (${below.length === 0 ? 'none lies' : `only ${list(below)} ${below.length === 1 ? 'lies' : 'lie'}`} below it ${by}), while in the paper ${paper}.`;
    const why =
      above.length + level.length === 0
        ? ''
        : ` Two differences of this simulator can explain why full is not ahead here: ${regime.compilingShare.kinds} of its ${regime.compilingShare.of} defect kinds compile as given, so the layered reward’s middle tier pays 0.5 for submitting such a snippet unchanged, while the paper’s compile-fix tasks all start broken and its middle tier always marks progress; and its episodes are short (${regime.steps.toFixed(2)} steps before training, the paper’s 23.50), which leaves the process weights few steps to move the signal between.`;
    return (
      `Every variant against full, final strict accuracy (full ${side(first.full)}): ` +
      comparisons
        .map((c) => `${c.variant} ${side(c.seeds)}, ${signed(c.difference, 3)}: ${where[c.outcome]}`)
        .join('; ') +
      '. ' +
      verdict +
      why
    );
  },
  seedsCaption: (seeds) => `Final strict accuracy per seed (seeds ${list(seeds.map(String))}, the same settings)`,
  seedHead: (seed) => `seed ${seed}`,
};
