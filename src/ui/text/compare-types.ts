/** The words of the compare view, the fork dialog and the narrated "as released" comparison. */
import type { PartingPoints } from '../../engine/studies/compare-story';
import type { OneChangeId } from '../../engine/studies/compare-pair';
import type { OneChangeStory } from '../lib/one-change-story';

/** A run of narrated text: plain words, or a link that moves the compare view to an iteration. */
export type StorySegment = string | { text: string; iteration: number };

export interface CompareTexts {
  title: string;
  intro: string;
  empty: string;
  base: string;
  iteration: (i: number) => string;
  noValue: string;
  legend: string;
  hide: (run: string) => string;
  show: (run: string) => string;
  remove: (run: string) => string;
  hidden: string;
  diffTitle: string;
  setting: string;
  noDiff: string;
  onScreen: string;
  includeOnScreen: string;
  parent: (until: number) => string;
  fork: (at: number, changes: string) => string;
  /** Names of the shipped recordings (the one-change runs' name their one change). */
  recordings: Record<'classroom' | 'intended' | 'released' | OneChangeId, string>;
  addRecording: string;
  add: string;
  addFile: string;
  loading: string;
  pairMissing: (files: string) => string;
  forkButton: string;
  forkHint: string;
  forkTitle: string;
  forkHelp: string;
  forkChanges: string;
  /** The fork was asked for with no change written, or before the run has its settings. */
  forkEmpty: string;
  forkNoRun: string;
  forkSubmit: string;
  cancel: string;
  storyTitle: string;
  storyOpen: string;
  /** The narrated comparison of "as intended" (a) and "as released" (b); `plain`: the released
   *  run labels without the tool (its `labelling.mode` is `plain`). */
  story: (p: PartingPoints, plain: boolean) => StorySegment[][];
  /** The attribution of the pair's gap to the one-change runs: an opening, one item per run told
   *  (`released` last: every setting at once), and a closing; every number from `s`. */
  oneChange: (s: OneChangeStory) => {
    intro: string;
    items: { id: OneChangeId | 'released'; text: string }[];
    outro: string;
  };
  /** One-change recordings absent from the server (paths joined by ", "). */
  oneChangeMissing: (files: string) => string;
  /** A one-change recording that is not "as intended" with exactly its change; `settings` lists
   *  the settings that are off, empty when it shares no iteration with "as intended". */
  oneChangeMismatch: (run: string, settings: string) => string;
}
