/** The page keeps the records of the last two iterations whole and only the place of older ones. */
import { describe, expect, it } from 'vitest';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { type HeldRecord, releaseOldRecords } from '../../../../src/ui/state/held-records';

/** A contract-parsing record of iteration `it` (any phase would do). */
const record = (iteration: number, step = 0): PhaseRecord => ({
  phase: 'contract-parsing',
  contracts: [
    { question: '1 + 1', answer: '2', trueAnswer: '2' },
    { question: '2 + 2', answer: '4', trueAnswer: '4' },
    { question: '3 + 3', answer: '6', trueAnswer: '6' },
    { question: null, answer: null, trueAnswer: null },
  ],
  valid: 3,
  total: 4,
  validRate: 0.75,
  iteration,
  step,
  ms: 1,
  backend: 'wasm',
  numTensors: 408,
});

describe('releaseOldRecords', () => {
  it('keeps the newest two iterations whole and reduces older ones to phase, iteration and step', () => {
    const held = releaseOldRecords([record(1), record(1, 1), record(2), record(3)]);
    expect(held).toEqual([
      { phase: 'contract-parsing', iteration: 1, step: 0, released: true },
      { phase: 'contract-parsing', iteration: 1, step: 1, released: true },
      record(2),
      record(3),
    ]);
  });
  it('leaves a run of two iterations or fewer untouched, and a stub stays the same object', () => {
    const two = [record(1), record(2)];
    expect(releaseOldRecords(two)).toEqual(two);
    const stub: HeldRecord = { phase: 'evaluation', iteration: 1, step: 0, released: true };
    expect(releaseOldRecords([stub, record(4)])[0]).toBe(stub);
  });
});
