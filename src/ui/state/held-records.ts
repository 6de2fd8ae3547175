/** The records the page holds of a run: whole for the latest iterations, stubs before. */
import type { PhaseRecord } from '../../engine/loop/trace';

/**
 * A record of an earlier iteration whose content the page has let go: only the latest record of
 * each phase is ever drawn, and a class may run many iterations, so the page keeps the records of
 * the last `FULL_ITERATIONS` iterations whole and only the place of the older ones. The worker
 * keeps the whole trace (Save, Export and checkpoints read it from there).
 */
export type RecordStub = Pick<PhaseRecord, 'phase' | 'iteration' | 'step'> & { released: true };
export type HeldRecord = PhaseRecord | RecordStub;

/** Iterations whose records the page keeps whole: the one running and the one before. */
export const FULL_ITERATIONS = 2;

/** The records with those of iterations before the last `FULL_ITERATIONS` reduced to stubs. */
export function releaseOldRecords(records: readonly HeldRecord[]): HeldRecord[] {
  const newest = records.at(-1)?.iteration ?? 0;
  return records.map((r) =>
    'released' in r || r.iteration > newest - FULL_ITERATIONS
      ? r
      : { phase: r.phase, iteration: r.iteration, step: r.step, released: true },
  );
}
