/**
 * A reader's own preferences, kept in this browser (localStorage), not in the address: whether the
 * page follows each phase to its figure, and the pace of Run. A value the page did not write (or
 * storage that is unavailable) reads as the default.
 */
import { PACES, type PaceId } from '../state/paced-run.svelte';

const FOLLOW_KEY = 'agent0.followPhase';
const PACE_KEY = 'agent0.pace';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/** Follow the phase: on unless the reader turned it off. */
export function readFollow(): boolean {
  return read(FOLLOW_KEY) !== 'off';
}

/** Keep the follow choice. */
export function writeFollow(on: boolean): void {
  write(FOLLOW_KEY, on ? 'on' : 'off');
}

/** The pace of Run: one of PACES, else continuous. */
export function readPace(): PaceId {
  const v = read(PACE_KEY);
  return (PACES as readonly string[]).includes(v ?? '') ? (v as PaceId) : 'continuous';
}

/** Keep the pace. */
export function writePace(pace: PaceId): void {
  write(PACE_KEY, pace);
}

const START_KEY = 'agent0.startHere';

/** "Start here" at the top of the page: shown until the reader hides it. */
export function readStartHere(): boolean {
  return read(START_KEY) !== 'hidden';
}

/** Keep the reader's choice to hide "Start here". */
export function writeStartHere(shown: boolean): void {
  write(START_KEY, shown ? 'shown' : 'hidden');
}
