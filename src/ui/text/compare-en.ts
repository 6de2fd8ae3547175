/** English words of the compare view (the Korean file says the same). */
import { type AccuracyGap, NOISE_STANDARD_ERRORS } from '../../core/stats';
import type { ChangeCost } from '../../engine/studies/one-change-costs';
import type { CompareTexts } from './compare-types';
import { differenceTexts } from '../lib/format';

const v = (x: number | null) => (x === null ? '—' : x.toFixed(2));

export const COMPARE_EN: CompareTexts = {
  title: 'Runs side by side',
  intro:
    'Every run on the same axes, each with its own colour, dash and marker. Point at an iteration to read all runs there; the settings in which the runs differ are listed beside the legend.',
  empty: 'No run to compare yet: run an iteration, add a shipped recording or open a run file.',
  base: 'base model',
  iteration: (i) => `iteration ${i}`,
  noValue: 'no value',
  legend: 'Runs',
  hide: (run) => `Hide ${run}`,
  show: (run) => `Show ${run}`,
  remove: (run) => `Remove ${run}`,
  hidden: 'hidden',
  diffTitle: 'Settings that differ',
  setting: 'setting',
  noDiff: 'These runs share every setting.',
  onScreen: 'the run on screen',
  includeOnScreen: 'Draw the run on screen',
  parent: (until) => `parent, up to iteration ${until}`,
  fork: (at, changes) => `fork after iteration ${at}: ${changes}`,
  recordings: {
    classroom: 'recorded classroom run',
    intended: 'as intended',
    released: 'as released',
    'plain-labelling': 'only plain labelling',
    'released-gate': 'only the released gate',
    'executor-schedule': 'only one executor update per batch',
  },
  addRecording: 'Shipped recording',
  add: 'Add',
  addFile: 'Add a run file (.json recording or .a0run)',
  loading: 'Loading…',
  pairMissing: (files) =>
    `The two recordings of this comparison («${files}») are not on this server, so there is nothing to compare yet. They are made with «npm run record:compare».`,
  forkButton: 'Fork here…',
  forkHint: 'Continue this run from here as a new run with some settings changed',
  forkTitle: 'Fork the run after this iteration',
  forkHelp:
    'The fork keeps both models, their optimizers and the random state as they are now, and goes on with the settings below changed. One change per line, as in the address: «section.key=value».',
  forkChanges: 'Changes',
  forkEmpty: 'Write at least one change, e.g. «executor.klCoef=0.05».',
  forkNoRun: 'The run has no settings yet.',
  forkSubmit: 'Fork and continue',
  cancel: 'Cancel',
  storyTitle: 'What the released code would have done',
  storyOpen: 'Open the two recorded runs side by side',
  story: (p, plain) => {
    const paragraphs: ({ text: string; iteration: number } | string)[][] = [
      [
        'The two runs in “Runs side by side” further down start from the same model, seed and settings, except where the released code does things its own way (listed beside the legend). The released run’s held-out accuracy is highest at ',
        { text: `iteration ${p.peakB.iteration}`, iteration: p.peakB.iteration },
        `: ${v(p.peakB.b)}, against ${v(p.peakB.a)} as intended.`,
      ],
    ];
    if (p.pseudoRangeB)
      paragraphs.push([
        `${plain ? 'As released, the executor labels its own training questions without the tool, and its' : 'As released, its'} pseudo-labels are right only ${v(p.pseudoRangeB.min)}–${v(p.pseudoRangeB.max)} of the time.`,
        ...(p.pseudoFallsB
          ? [
              ' They first get worse at ',
              { text: `iteration ${p.pseudoFallsB.iteration}`, iteration: p.pseudoFallsB.iteration },
              ` (${v(p.pseudoFallsB.before)} → ${v(p.pseudoFallsB.b)}; ${v(p.pseudoFallsB.a)} as intended). A wrong label punishes every rollout that computed the right answer with the tool.`,
            ]
          : []),
      ]);
    const end: ({ text: string; iteration: number } | string)[] = [
      'By ',
      { text: `iteration ${p.last.iteration}`, iteration: p.last.iteration },
      ` the released run stands at ${v(p.last.b)} held-out accuracy, the intended one at ${v(p.last.a)}.`,
    ];
    if (p.widestGap && p.widestGap.iteration !== p.last.iteration)
      end.push(
        ' The gap is widest at ',
        {
          text: `iteration ${p.widestGap.iteration}`,
          iteration: p.widestGap.iteration,
        },
        ` (${v(p.widestGap.a)} against ${v(p.widestGap.b)}).`,
      );
    paragraphs.push(end);
    return paragraphs;
  },
  oneChange: (s) => {
    const k = NOISE_STANDARD_ERRORS;
    const margin = (g: AccuracyGap) => `${k} standard errors: ${v(k * g.standardError)}`;
    // Each pair is printed with as many decimals as it takes for the printed pair to give the printed gap.
    const pair = (g: AccuracyGap) => {
      const d = differenceTexts(g.changed, g.intended);
      const verdict = g.withinNoise
        ? `a difference of ${d.gap}, within noise (${margin(g)})`
        : `${d.gap} ${g.cost > 0 ? 'lower' : 'higher'} (${margin(g)})`;
      return `${d.a} against ${d.b} as intended, ${verdict}`;
    };
    const line = (c: ChangeCost) =>
      `held-out accuracy at iteration ${c.iteration} is ${pair(c.last)}; averaged over the ${c.iterations} iterations it is ${pair(c.mean)}.` +
      (c.pseudoChanged === null || c.pseudoIntended === null
        ? ''
        : ` Its pseudo-labels are right ${v(c.pseudoChanged)} of the time on average, against ${v(c.pseudoIntended)}.`);
    const name = (id: keyof CompareTexts['recordings']) => COMPARE_EN.recordings[id];
    const cap = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
    const outro = [
      s.largest
        ? `Averaged over the run, “${name(s.largest)}” costs the most of the runs that change one setting.`
        : 'Averaged over the run, none of the runs that change one setting costs more than noise on its own.',
      s.untold.length > 0
        ? ` Not recorded alone: ${s.untold.map((p) => `«${p}»`).join(', ')}; their part is not measured here, and costs measured one at a time need not add up to the gap of all at once.`
        : ' Costs measured one at a time need not add up to the gap of all at once.',
    ];
    return {
      intro: `The two runs differ in ${s.pairDiffers} settings at once, so their gap alone does not say which setting costs what. Runs that change one released behaviour at a time, from the same model, seed and settings as intended, do (shipped recordings, one seed each). Held-out accuracy is read at the last iteration and averaged over all, on the same ${s.heldOut} questions; a difference under ${k} standard errors can come from chance alone, and with one seed each a larger one is still a single observation.`,
      items: [
        ...s.changes.map((c) => ({ id: c.id, text: `${cap(name(c.id))} («${c.settings}»): ${line(c.cost)}` })),
        ...(s.together
          ? [{ id: 'released' as const, text: `All ${s.pairDiffers} at once (as released): ${line(s.together)}` }]
          : []),
      ],
      outro: outro.join(''),
    };
  },
  oneChangeMissing: (files) =>
    `The recordings that change one setting («${files}») are not on this server, so the story leaves them out. They are made with «npm run record:compare».`,
  oneChangeMismatch: (run, settings) =>
    settings
      ? `The recording “${run}” is not the intended run with only its change (it differs in ${settings}), so the story leaves it out.`
      : `The recording “${run}” shares no iteration with the intended run, so the story leaves it out.`,
};
