import { describe, expect, it } from 'vitest';
import {
  atIterationStart,
  iterationStart,
  type LoopPosition,
  nextPosition,
  positionOfRecord,
  stepOf,
} from '../../../../src/engine/loop/loop-position';

/** One iteration with K = 2 curriculum steps and 3 executor updates, written out by hand (docs/algorithms.md §1). */
const ITERATION: [string, number, number][] = [
  ['questioner-rollouts', 0, 0],
  ['contract-parsing', 0, 0],
  ['solver-proxy', 0, 0],
  ['curriculum-reward', 0, 0],
  ['questioner-update', 0, 0],
  ['questioner-rollouts', 1, 0],
  ['contract-parsing', 1, 0],
  ['solver-proxy', 1, 0],
  ['curriculum-reward', 1, 0],
  ['questioner-update', 1, 0],
  ['question-pool', 1, 0],
  ['self-labelling', 1, 0],
  ['curation', 1, 0],
  ['executor-update', 1, 0],
  ['executor-update', 1, 1],
  ['executor-update', 1, 2],
  ['evaluation', 1, 2],
];

describe('the loop order', () => {
  it('walks one iteration phase by phase and starts the next at curriculum step 0', () => {
    let p: LoopPosition = iterationStart(4);
    const seen: [string, number, number][] = [];
    do {
      seen.push([p.phase, p.questionerStep, p.executorStep]);
      p = nextPosition(p, { questioner: 2, executor: 3 });
    } while (!atIterationStart(p));
    expect(seen).toEqual(ITERATION);
    expect(p).toEqual({ iteration: 5, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 });
  });

  it('only curriculum step 0 of the questioner rollouts is an iteration start', () => {
    expect(atIterationStart(iterationStart(1))).toBe(true);
    expect(atIterationStart({ iteration: 1, phase: 'questioner-rollouts', questionerStep: 1, executorStep: 0 })).toBe(
      false,
    );
    expect(atIterationStart({ iteration: 1, phase: 'evaluation', questionerStep: 0, executorStep: 0 })).toBe(false);
  });

  it('a record carries the executor step in executor updates and the curriculum step elsewhere, and reads back', () => {
    const update: LoopPosition = { iteration: 2, phase: 'executor-update', questionerStep: 1, executorStep: 2 };
    const reward: LoopPosition = { iteration: 2, phase: 'curriculum-reward', questionerStep: 1, executorStep: 0 };
    expect(stepOf(update)).toBe(2);
    expect(stepOf(reward)).toBe(1);
    expect(positionOfRecord({ iteration: 2, phase: 'executor-update', step: 2 })).toEqual({
      iteration: 2,
      phase: 'executor-update',
      questionerStep: 0,
      executorStep: 2,
    });
    expect(positionOfRecord({ iteration: 2, phase: 'curriculum-reward', step: 1 })).toEqual(reward);
  });
});
