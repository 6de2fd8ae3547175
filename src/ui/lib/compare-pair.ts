/**
 * The shipped pair of recordings that `/?mode=replay&compare=released` opens: the classroom preset
 * on seed 1 "as intended" (the defaults) and "as released" (`release.mode=as-released`), written by
 * `npm run record:compare` (scripts/record-compare.ts) into public/runs/.
 */
export const PAIR_FILES = {
  intended: 'compare-as-intended.json',
  released: 'compare-as-released.json',
} as const;

export type PairSide = keyof typeof PAIR_FILES;
