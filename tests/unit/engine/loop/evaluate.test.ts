/**
 * The held-out evaluation's scores per level (src/engine/loop/evaluate.ts `scoreHeldOut`), on
 * hand-made tasks and fake solvers whose right and wrong answers are known in advance.
 */
import { describe, expect, it } from 'vitest';
import { heldOutTasks, scoreHeldOut } from '../../../../src/engine/loop/evaluate';
import { DIFFICULTIES, solveQuestion } from '../../../../src/core/tasks';

describe('the held-out scores per level', () => {
  // Six tasks at levels 1, 1, 3, 3, 3, 6 and a solver's six answers, written by hand.
  const tasks = [
    { difficulty: 1, answer: '7' },
    { difficulty: 1, answer: '12' },
    { difficulty: 3, answer: '-5' },
    { difficulty: 3, answer: '7/4' },
    { difficulty: 3, answer: '100' },
    { difficulty: 6, answer: '3' },
  ] as const;
  const answers = [
    { text: 'in my head \\boxed{7}', toolCalls: 0 }, // right
    { text: '\\boxed{13}', toolCalls: 0 }, // wrong
    { text: '```python\nprint(-5)\n```\n```output\n-5\n```\n\\boxed{-5}', toolCalls: 1 }, // right, tool
    { text: '\\boxed{\\frac{7}{4}}', toolCalls: 1 }, // right (the same rational), tool
    { text: 'I do not know', toolCalls: 0 }, // no box: wrong
    { text: '\\boxed{3.0}', toolCalls: 2 }, // right (3.0 = 3), tool
  ];
  const scores = scoreHeldOut(tasks, answers);

  it('gives every difficulty 1–7 its count, accuracy and tool use, computed by hand', () => {
    expect(scores.byDifficulty).toEqual([
      { difficulty: 1, n: 2, accuracy: 1 / 2, toolUse: 0 },
      { difficulty: 2, n: 0, accuracy: 0, toolUse: 0 },
      { difficulty: 3, n: 3, accuracy: 2 / 3, toolUse: 2 / 3 },
      { difficulty: 4, n: 0, accuracy: 0, toolUse: 0 },
      { difficulty: 5, n: 0, accuracy: 0, toolUse: 0 },
      { difficulty: 6, n: 1, accuracy: 1, toolUse: 1 },
      { difficulty: 7, n: 0, accuracy: 0, toolUse: 0 },
    ]);
  });

  it('scores all tasks together as the overall accuracy and tool use', () => {
    expect(scores.accuracy).toBeCloseTo(4 / 6, 12);
    expect(scores.toolUseRate).toBeCloseTo(3 / 6, 12);
  });

  it('refuses answers that do not match the tasks one to one', () => {
    expect(() => scoreHeldOut(tasks, answers.slice(1))).toThrow(/5 answers for 6 tasks/);
  });

  it('scores a fake solver that answers levels 1–3 right and the rest wrong as 1, 1, 1, 0, 0, 0, 0', () => {
    const held = heldOutTasks(3);
    const fake = held.map((t) => {
      const right = solveQuestion(t.question)?.answer as string; // the oracle's answer
      return t.difficulty <= 3
        ? { text: `\\boxed{${right}}`, toolCalls: t.difficulty === 3 ? 1 : 0 }
        : { text: `\\boxed{${right}1}`, toolCalls: 1 }; // a digit appended: never the same number
    });
    const s = scoreHeldOut(held, fake);
    expect(s.byDifficulty.map((d) => d.n)).toEqual(DIFFICULTIES.map(() => 3));
    expect(s.byDifficulty.map((d) => d.accuracy)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(s.byDifficulty.map((d) => d.toolUse)).toEqual([0, 0, 1, 1, 1, 1, 1]);
    expect(s.accuracy).toBeCloseTo(9 / 21, 12);
  });
});
