import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { generateTask, solveQuestion } from '../../../src/core/tasks';

describe('step problems (difficulties 6–7), hand-computed', () => {
  const cases: [string, string, 6 | 7][] = [
    // x = 12 * 3 = 36; 36 + 5 = 41
    ['Let x = 12 * 3 . What is x + 5 ?', '41', 6],
    // x = 4 - 9 = -5; 2 - (-5) = 7: x stands for its whole value, not its text
    ['Let x = 4 - 9 . What is 2 - x ?', '7', 6],
    // x = 2 + 3 = 5; 5 * 4 = 20 (not 2 + 3 * 4 = 14)
    ['Let x = 2 + 3 . What is x * 4 ?', '20', 6],
    // x = 40 + 2 * 5 = 50 (literal 40 > 30: level 7); (50 - 7) * 2 = 86
    ['Let x = 40 + 2 * 5 . What is ( x - 7 ) * 2 ?', '86', 7],
    // two other operands in E2: level 7; x = 6, 3 * 6 - 1 = 17
    ['Let x = 1 + 5 . What is 3 * x - 1 ?', '17', 7],
  ];
  it.each(cases)('%s → %s (level %i)', (question, answer, level) => {
    expect(solveQuestion(question)).toEqual({ answer, difficulty: level });
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
  it('chain two programs whose printed values Python confirms', () => {
    const rng = new Rng(17);
    const tasks = [6, 7].flatMap((d) => Array.from({ length: 15 }, () => generateTask(rng, d as 6 | 7)));
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
  it('keeps one program for levels 1–5', () => {
    const rng = new Rng(3);
    for (const d of [1, 2, 3, 4, 5] as const) {
      const t = generateTask(rng, d);
      expect(t.programs).toEqual([t.python]);
      expect(t.outputs).toEqual([t.answer]);
    }
  });
});
