/**
 * Step problems, the ladder's levels 2–7 (src/core/step-tasks.ts): exact answers and levels of
 * hand-written questions at every level, worked by hand below; generated tasks whose two programs
 * Python runs to the printed values, each placed by the oracle at its own level.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { STEP_DIFFICULTIES } from '../../../src/core/step-tasks';
import { generateTask, solveQuestion } from '../../../src/core/tasks';

describe('step problems, hand-computed', () => {
  it.each([
    // level 2: E1 two operands ≤ 30, one more operand ≤ 20. x = 15 + 6 = 21; 6 − 21 = −15.
    ['Let x = 15 + 6 . What is 6 - x ?', '-15', 2],
    // level 2 too: 27 ≤ 30. x = 27 * 3 = 81; 81 + 12 = 93.
    ['Let x = 27 * 3 . What is x + 12 ?', '93', 2],
    // x = 4 − 9 = −5; 2 − (−5) = 7: x stands for its whole value, not its text.
    ['Let x = 4 - 9 . What is 2 - x ?', '7', 2],
    // x = 2 + 3 = 5; 5 * 4 = 20 (not 2 + 3 * 4 = 14).
    ['Let x = 2 + 3 . What is x * 4 ?', '20', 2],
    // level 3: three operands in E1, each ≤ 30. x = 5 + 7 * 14 = 103; 16 + 103 = 119.
    ['Let x = 5 + 7 * 14 . What is 16 + x ?', '119', 3],
    // level 4: E1 literal 45 > 30. x = 45 − 7 * 3 = 24; 24 + 9 = 33.
    ['Let x = 45 - 7 * 3 . What is x + 9 ?', '33', 4],
    // level 5: two more operands in E2. x = 45 + 27 * 44 = 1233; 16 + 2 + 1233 = 1251.
    ['Let x = 45 + 27 * 44 . What is 16 + 2 + x ?', '1251', 5],
    // level 5 too: x = 40 + 2 * 5 = 50; (50 − 7) * 2 = 86, E2 with one more operand.
    ['Let x = 40 + 2 * 5 . What is ( x - 7 ) * 2 ?', '86', 5],
    // level 6: E1 literal 77 > 50. x = 59 + 22 * 77 = 1753; 1753 − 16 * 2 = 1721.
    ['Let x = 59 + 22 * 77 . What is x - 16 * 2 ?', '1721', 6],
    // level 7: four operands in E1. x = 45 + (2 − 9) * 5 = 10; 2 + 10 − 15 = −3.
    ['Let x = 45 + ( 2 - 9 ) * 5 . What is 2 + x - 15 ?', '-3', 7],
    // level 7: E2's 25 is beyond every lower level's bound. x = 5 + 16 = 21; 25 − 21 = 4.
    ['Let x = 5 + 16 . What is 25 - x ?', '4', 7],
    // level 7: a division anywhere. x = 12 / 8 = 3/2; 3/2 + 1 = 5/2.
    ['Let x = 12 / 8 . What is x + 1 ?', '5/2', 7],
  ] as const)('%s → %s at level %i', (question, answer, difficulty) => {
    expect(solveQuestion(question)).toEqual({ answer, difficulty });
  });
  it('refuses step texts that are not of the form', () => {
    expect(solveQuestion('Let x = 3 + 4 . What is 5 ?')).toBeNull(); // E2 must use x
    expect(solveQuestion('Let x = 3 + 4 . What is x + x ?')).toBeNull(); // once
    expect(solveQuestion('Let x = 3 + . What is x + 1 ?')).toBeNull();
    expect(solveQuestion('Let y = 3 . What is y + 1 ?')).toBeNull();
    expect(solveQuestion('Let x = 2 - 2 . What is 5 / x ?')).toBeNull(); // division by zero
  });
});

describe('generated step tasks', () => {
  it('chain two programs whose printed values Python confirms, each at its own level', () => {
    const rng = new Rng(17);
    const tasks = STEP_DIFFICULTIES.flatMap((d) => Array.from({ length: 8 }, () => generateTask(rng, d)));
    const script = tasks.flatMap((t) => t.programs).join('\n');
    const printed = execFileSync('python3', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    expect(printed).toEqual(tasks.flatMap((t) => t.outputs));
    for (const t of tasks) {
      expect(t.programs).toHaveLength(2);
      // The second program sets x to the first's printed value, then prints E2 as written.
      expect(t.programs[1]?.split('\n')[0]).toBe(`x = ${t.outputs[0]}`);
      expect(t.outputs[1]).toBe(t.answer);
      expect(solveQuestion(t.question)).toEqual({ answer: t.answer, difficulty: t.difficulty });
    }
  });
  it('keeps one program for level 1', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 20; i++) {
      const t = generateTask(rng, 1);
      expect(t.programs).toEqual([t.python]);
      expect(t.outputs).toEqual([t.answer]);
    }
  });
});
