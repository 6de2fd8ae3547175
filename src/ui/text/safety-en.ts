/** English words for untrusted input (safety-types.ts). */
import type { SafetyTexts } from './safety-types';

export const SAFETY_EN: SafetyTexts = {
  savedRuns: { autosave: 'the automatic checkpoint', save: 'your last save', previous: 'the save before it' },
  loadedInstead: (loaded, iteration, skipped, why) =>
    `Loaded ${loaded} (kept after iteration ${iteration}) because ${skipped} could not be loaded: ${why}`,
  figureFailed:
    "This run's data is bad: this figure cannot draw it. The rest of the page goes on with the parts it can read.",
  figureRetry: 'Try drawing it again',
  linkTitle: 'This link changes the run’s settings:',
  linkFork: (at) => `after iteration ${at}, as a fork:`,
  linkDrop: 'Open the page without these changes',
  linkForkAsk: (n) =>
    `This link asks to run ${n} ${n === 1 ? 'iteration' : 'iterations'}, then fork with the settings above. Nothing runs until you ask.`,
  linkForkRun: (n) => `Run ${n} ${n === 1 ? 'iteration' : 'iterations'} and fork`,
  linkForkStarted: 'Recreating the link’s fork…',
};
