/**
 * The proposed ladder's oracle (src/core/ladder-levels.ts): exact answers and levels of hand-written
 * questions at every level, worked by hand below, and its generator placing every task at its level.
 */
import { describe, expect, it } from 'vitest';
import { generateLadderTask, solveLadderQuestion } from '../../../src/core/ladder-levels';
import { Rng } from '../../../src/core/random';
import { DIFFICULTIES } from '../../../src/core/tasks';

describe('the ladder’s oracle', () => {
  it.each([
    // level 1: a single-digit fact.
    ['What is 3 + 4 ?', '7', 1],
    ['Leo has 9 pens and gives away 4 . How many pens are left ?', '5', 1],
    // level 2: E1 two operands ≤ 30, one more operand ≤ 20. x = 15 + 6 = 21; 6 − 21 = −15.
    ['Let x = 15 + 6 . What is 6 - x ?', '-15', 2],
    // level 2 too: 27 ≤ 30. x = 27 * 3 = 81; 81 + 12 = 93.
    ['Let x = 27 * 3 . What is x + 12 ?', '93', 2],
    // level 3: three operands in E1, each ≤ 30. x = 5 + 7 * 14 = 103; 16 + 103 = 119.
    ['Let x = 5 + 7 * 14 . What is 16 + x ?', '119', 3],
    // level 4: E1 literal 45 > 30. x = 45 − 7 * 3 = 24; 24 + 9 = 33.
    ['Let x = 45 - 7 * 3 . What is x + 9 ?', '33', 4],
    // level 5: two more operands in E2. x = 45 + 27 * 44 = 1233; 16 + 2 + 1233 = 1251.
    ['Let x = 45 + 27 * 44 . What is 16 + 2 + x ?', '1251', 5],
    // level 6: E1 literal 77 > 50. x = 59 + 22 * 77 = 1753; 1753 − 16 * 2 = 1721.
    ['Let x = 59 + 22 * 77 . What is x - 16 * 2 ?', '1721', 6],
    // level 7: four operands in E1. x = 45 + (2 − 9) * 5 = 10; 2 + 10 − 15 = −3.
    ['Let x = 45 + ( 2 - 9 ) * 5 . What is 2 + x - 15 ?', '-3', 7],
    // level 7: E2's 25 is beyond every lower level's bound. x = 5 + 16 = 21; 25 − 21 = 4.
    ['Let x = 5 + 16 . What is 25 - x ?', '4', 7],
    // level 7: a division anywhere. x = 12 / 8 = 3/2; 3/2 + 1 = 5/2.
    ['Let x = 12 / 8 . What is x + 1 ?', '5/2', 7],
  ] as const)('%s → %s at level %i', (question, answer, level) => {
    expect(solveLadderQuestion(question)).toEqual({ answer, level });
  });

  it('holds no expression beyond level 1 and nothing outside the task family', () => {
    expect(solveLadderQuestion('What is 3 * 4 ?')).toBeNull(); // the family's level 2
    expect(solveLadderQuestion('What is 98 / 4 + 1 - 7 * 3 ?')).toBeNull();
    expect(solveLadderQuestion('hello world')).toBeNull();
    expect(solveLadderQuestion('Let x = 3 . What is y + 1 ?')).toBeNull(); // E2 must name x once
  });

  it('draws tasks that its oracle places at their own level, with its exact answer', () => {
    const rng = new Rng(5);
    for (const d of DIFFICULTIES)
      for (let i = 0; i < 30; i++) {
        const t = generateLadderTask(rng, d);
        expect(t.difficulty).toBe(d);
        expect(solveLadderQuestion(t.question)).toEqual({ answer: t.answer, level: d });
      }
  });
});
