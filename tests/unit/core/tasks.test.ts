import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../../src/core/equivalence';
import { Rng } from '../../../src/core/random';
import { DIFFICULTIES, QUESTION_WORDS, generateTask, solveQuestion } from '../../../src/core/tasks';

describe('solveQuestion (the oracle), hand-computed', () => {
  const cases: [string, string][] = [
    ['What is 3 + 4 * 2 ?', '11'],
    ['Compute ( 12 - 5 ) * 3 .', '21'],
    ['Evaluate 7 / 14 + 1 .', '3/2'],
    ['Compute 10 - 4 - 3 .', '3'],
    ['Compute 24 / 4 / 2 .', '3'],
    ['Find the value of 2 - 9 .', '-7'],
    ['What is 6 / ( 1 - 5 ) ?', '-3/2'],
    ['Mia has 12 apples and gives away 5 . How many apples are left ?', '7'],
    ['There are 6 boxes with 7 pens in each box . How many pens are there in total ?', '42'],
    ['30 coins are shared equally by 4 friends . How many coins does each friend get ?', '15/2'],
  ];
  it.each(cases)('%s → %s', (question, answer) => {
    expect(solveQuestion(question)?.answer).toBe(answer);
  });
  it('tolerates extra whitespace', () => {
    expect(solveQuestion('  What   is 3  +  4 ? ')?.answer).toBe('7');
  });
  it('returns null for text outside the family or without a value', () => {
    expect(solveQuestion('What is 3 + ?')).toBeNull();
    expect(solveQuestion('What is ( 3 + 4 ?')).toBeNull();
    expect(solveQuestion('Compute 5 / ( 2 - 2 ) .')).toBeNull();
    expect(solveQuestion('Mia has 12 apples and gives away 5 . How many pens are left ?')).toBeNull();
    expect(solveQuestion('Tell me a story .')).toBeNull();
    expect(solveQuestion('')).toBeNull();
  });
  it('places other expressions at the step level whose first expression admits them', () => {
    expect(solveQuestion('What is 3 + 4 ?')?.difficulty).toBe(1);
    // a product is not level 1; two operands ≤ 30: level 2.
    expect(solveQuestion('What is 3 * 4 ?')?.difficulty).toBe(2);
    expect(
      solveQuestion('There are 6 boxes with 7 pens in each box . How many pens are there in total ?')?.difficulty,
    ).toBe(2);
    // three operands, the largest 40 (> 30, ≤ 50): level 4.
    expect(solveQuestion('Compute 12 + 40 + 7 .')?.difficulty).toBe(4);
    // four operands: level 7; a division: level 7.
    expect(solveQuestion('Compute 5 + 6 + 7 + 8 .')?.difficulty).toBe(7);
    expect(solveQuestion('What is 3 / 4 + 1 ?')?.difficulty).toBe(7);
  });
});

describe('generateTask', () => {
  it('is deterministic for a seed', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    for (const d of DIFFICULTIES) expect(generateTask(a, d)).toEqual(generateTask(b, d));
  });

  it('writes whitespace-separated tokens from the vocabulary and exact, reduced answers', () => {
    const rng = new Rng(11);
    for (const d of DIFFICULTIES) {
      for (let i = 0; i < 200; i++) {
        const task = generateTask(rng, d);
        for (const token of task.question.split(' ')) {
          expect(QUESTION_WORDS.includes(token) || /^\d+$/.test(token), `${token} in ${task.question}`).toBe(true);
        }
        expect(task.answer).toMatch(/^-?\d+(\/\d+)?$/);
        expect(parseNumber(task.answer)?.toString()).toBe(task.answer); // already reduced
        expect(solveQuestion(task.question)?.answer).toBe(task.answer);
        expect(task.python).toContain('print(');
      }
    }
  });

  it('grows with the difficulty knob: more numbers to copy, and larger ones', () => {
    const rng = new Rng(5);
    const sizes = DIFFICULTIES.map((d) => {
      const numbers = Array.from({ length: 100 }, () =>
        generateTask(rng, d)
          .question.split(' ')
          .filter((t) => /^\d+$/.test(t))
          .map(Number),
      );
      return { count: Math.max(...numbers.map((n) => n.length)), largest: Math.max(...numbers.flat()) };
    });
    // The ladder's table (src/core/step-tasks.ts): 2, 3, 4, 4, 5, 5, 6 numbers at most; literals up to 9, 30, 30, 50, 50, 99, 99.
    expect(sizes.map((s) => s.count)).toEqual([2, 3, 4, 4, 5, 5, 6]);
    expect(sizes.map((s) => s.largest)).toEqual([9, 30, 30, 50, 50, 99, 99]);
  });

  it('refuses an unknown difficulty', () => {
    expect(() => generateTask(new Rng(1), 9 as never)).toThrow(/difficulty/);
  });
});
