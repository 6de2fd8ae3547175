/** Words for untrusted input: saved runs loaded in place of a refused one, figures that cannot draw
 *  a run's data, and links that change the run's settings. */

/** The saved runs the page loads: the automatic checkpoint, the last Save, the Save before it. */
export type SavedRunKind = 'autosave' | 'save' | 'previous';

export interface SafetyTexts {
  savedRuns: Record<SavedRunKind, string>;
  /** `loaded` (after `iteration`) was loaded because `skipped` was refused, for `why`. */
  loadedInstead: (loaded: string, iteration: number, skipped: string, why: string) => string;
  /** A figure whose drawing failed on the run's data (the rest of the page goes on). */
  figureFailed: string;
  figureRetry: string;
  /** A link whose `set=` / `fork=` change the run's settings. */
  linkTitle: string;
  linkFork: (at: number) => string;
  linkDrop: string;
  /** The banner of a link with forks: it asks to run `iterations` then fork; nothing runs before the click. */
  linkForkAsk: (iterations: number) => string;
  linkForkRun: (iterations: number) => string;
  linkForkStarted: string;
}
