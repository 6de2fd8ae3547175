/**
 * A proposed difficulty ladder (issue #59), measured with `npm run eval:base -- --levels ladder` but
 * not yet the simulator's task family (that needs a base pre-trained on it: docs/experiments.md).
 * Level 1 is the family's level 1 (single-digit sums and differences, answered in the head); levels
 * 2–7 are step problems "Let x = E1 . What is E2 ?" (src/core/step-tasks.ts) that grow level by
 * level, so that both programs need the tool and each level has the solver copy more, and longer,
 * operands exactly:
 *
 * | level | E1 operands | E1 literals ≤ | E2 other operands | E2 literals ≤ |
 * | 2     | 2           | 30            | 1                 | 20            |
 * | 3     | 3           | 30            | 1                 | 20            |
 * | 4     | 3           | 50            | 1                 | 20            |
 * | 5     | 3           | 50            | 2                 | 20            |
 * | 6     | 3           | 99            | 2                 | 20            |
 * | 7     | 4           | 99            | 2                 | 20            |
 *
 * A step question's level is the lowest whose four bounds all admit it; one beyond level 6's bounds,
 * or with a division, is level 7. The answer is the oracle's (`solveQuestion`, exact).
 */
import type { Rng } from './random';
import { type StepLevel, generateStep, solveStepQuestion } from './step-tasks';
import { type Difficulty, generateTask, solveQuestion } from './tasks';

export type LadderStepLevel = 2 | 3 | 4 | 5 | 6 | 7;

/** Each step level's sizes (the table above). */
export const LADDER_STEP_LEVELS: Record<LadderStepLevel, StepLevel> = {
  2: { first: { operands: [2, 2], maxLiteral: 30 }, secondOperands: 1, secondMaxLiteral: 20 },
  3: { first: { operands: [3, 3], maxLiteral: 30 }, secondOperands: 1, secondMaxLiteral: 20 },
  4: { first: { operands: [3, 3], maxLiteral: 50 }, secondOperands: 1, secondMaxLiteral: 20 },
  5: { first: { operands: [3, 3], maxLiteral: 50 }, secondOperands: 2, secondMaxLiteral: 20 },
  6: { first: { operands: [3, 3], maxLiteral: 99 }, secondOperands: 2, secondMaxLiteral: 20 },
  7: { first: { operands: [4, 4], maxLiteral: 99 }, secondOperands: 2, secondMaxLiteral: 20 },
};
const STEP_LEVEL_ORDER: readonly LadderStepLevel[] = [2, 3, 4, 5, 6, 7];

export interface LadderAnswer {
  answer: string;
  level: Difficulty;
}

/** The numbers of a run of tokens. */
const numbers = (tokens: readonly string[]) => tokens.filter((t) => /^\d+$/.test(t)).map(Number);

/**
 * The ladder's oracle: the exact answer and the level of a question, or null for a question outside
 * the ladder (not in the task family, or an expression beyond level 1, which the ladder does not
 * hold).
 */
export function solveLadderQuestion(question: string): LadderAnswer | null {
  const oracle = solveQuestion(question);
  if (!oracle) return null;
  const tokens = question.split(/\s+/).filter((t) => t.length > 0);
  if (!solveStepQuestion(tokens)) return oracle.difficulty === 1 ? { answer: oracle.answer, level: 1 } : null;
  const dot = tokens.indexOf('.');
  const first = numbers(tokens.slice(3, dot));
  const others = numbers(tokens.slice(dot + 3, -1));
  const admits = (s: StepLevel) =>
    first.length <= s.first.operands[1] &&
    Math.max(...first) <= s.first.maxLiteral &&
    others.length <= s.secondOperands &&
    others.every((n) => n <= s.secondMaxLiteral);
  const level = tokens.includes('/') ? 7 : (STEP_LEVEL_ORDER.find((d) => admits(LADDER_STEP_LEVELS[d])) ?? 7);
  return { answer: oracle.answer, level };
}

/** One ladder task of `level`: level 1 the family's; a step level drawn until the oracle places it there. */
export function generateLadderTask(
  rng: Rng,
  level: Difficulty,
): { difficulty: Difficulty; question: string; answer: string } {
  if (level === 1) return generateTask(rng, 1);
  for (;;) {
    const t = generateStep(rng, LADDER_STEP_LEVELS[level]);
    if (solveLadderQuestion(t.question)?.level === level)
      return { difficulty: level, question: t.question, answer: t.answer };
  }
}
