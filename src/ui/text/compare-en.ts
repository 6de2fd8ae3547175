/** English words of the compare view (the Korean file says the same). */
import type { CompareTexts } from './compare-types';

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
};
