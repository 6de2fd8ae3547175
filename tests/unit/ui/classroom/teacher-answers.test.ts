/**
 * The teacher page's answer key on a hand-made trace of two iterations: each prediction is taken
 * where the lesson first asks it (iteration 1 here), answered from the record that decides it.
 */
import { describe, expect, it } from 'vitest';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { answerKey, firstAnswer } from '../../../../src/ui/classroom/teacher-answers';

const SETTINGS = { updates: 2, band: [0.3, 0.8] as const };
const meta = (iteration: number) => ({ iteration, step: 0, ms: 1, backend: 'cpu', numTensors: 0 });
const rec = (data: object, iteration: number) => ({ ...data, ...meta(iteration) }) as PhaseRecord;
const update = (low: number) => ({
  loss: 0,
  pgLoss: 0,
  kl: 0,
  entropy: 0,
  gradNorm: 0,
  clipLowFrac: low,
  clipHighFrac: 0,
  dualClipFrac: 0,
  meanAbsRatioDev: 0,
  sequences: 16,
});
const curation = (iteration: number) =>
  rec({ phase: 'curation', kept: 1, dropped: 0, inBandShare: 1, band: [0.3, 0.8], keptIndices: [0] }, iteration);
const executor = (iteration: number, lows: number[]) =>
  rec(
    {
      phase: 'executor-update',
      algorithm: 'adpo',
      rollouts: [],
      questions: [],
      stats: { updates: lows.map(update), groups: [], tokens: {} },
    },
    iteration,
  );

describe('the answer key', () => {
  // Iteration 1: ρ leaves the band at update 2; iteration 2: at update 1. The lesson asks in iteration 1.
  const trace = [curation(1), executor(1, [0, 0.01]), curation(2), executor(2, [0.02, 0])];

  it('answers each question where the lesson first asks it', () => {
    const found = firstAnswer('clip', trace, SETTINGS)!;
    expect(found.ask).toMatchObject({ kind: 'clip', iteration: 1 });
    expect(found.reveal).toMatchObject({ kind: 'clip', first: 2 });
  });

  it('lists the prediction screens the trace can answer, with their lesson screen', () => {
    // Only the clip question (screen 11) is asked by this trace: it has no questioner records.
    expect(answerKey(trace, SETTINGS).map((a) => [a.step, a.ask.kind])).toEqual([[11, 'clip']]);
    // Asked but never decided (the trace ends before the executor's update): no entry.
    expect(firstAnswer('clip', [curation(1)], SETTINGS)).toBeNull();
  });
});
