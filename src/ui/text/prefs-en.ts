/** English words of the Preferences dialog (prefs-types.ts). */
import type { PrefsTexts } from './prefs-types';

export const PREFS_EN: PrefsTexts = {
  title: 'Preferences',
  intro: 'Every choice here goes into the page’s address at once: share the link and it opens the same way.',
  close: 'Close',
  language: 'Language',
  projector: 'Projector mode',
  projectorHint: 'White page, black text, everything sized to the screen’s width: readable from the back of a room.',
  text: 'Text size',
  textSizes: { 100: 'usual', 125: 'large (125 %)', 150: 'larger (150 %)' },
  pace: 'Pace of Run',
  paceHint: 'Hold after each phase to talk the class through it, or wait a few seconds between phases.',
  follow: 'Follow the phase',
  followHint: 'After each phase the page scrolls to the figure that phase filled.',
  preset: 'Preset',
  presets: {
    faithful: 'Agent0’s own ratios at small batch counts: closest to the paper, and the slowest.',
    classroom: 'The default: an iteration in seconds on a laptop GPU, sized for a class to watch.',
    tiny: 'The smallest run, for slow machines and computers without a GPU.',
  },
  presetReplay: 'The recorded run keeps the preset it was recorded with; a preset applies to a live run.',
  presetRestart: 'Choosing a preset restarts the live run from its start.',
  keys: 'Keys: “,” opens this dialog, Tab moves between choices, Escape closes it.',
};
