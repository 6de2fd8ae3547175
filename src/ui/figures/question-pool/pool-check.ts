/**
 * The questioner's own answer to a question of the pool, checked against the simulator's oracle
 * (core/tasks.ts `solveQuestion`): `right` when the two are equivalent (core/equivalence.ts),
 * `wrong` (with the true answer) when they differ, `unknown` when the oracle cannot solve the text.
 * The pool keeps questions by the proxy's vote, not by truth, so a wrong answer can be kept.
 */
import { answersEquivalent } from '../../../core/equivalence';
import { solveQuestion } from '../../../core/tasks';

export type PoolCheck = { kind: 'right' } | { kind: 'wrong'; truth: string } | { kind: 'unknown' };

export function checkPoolAnswer(question: string, answer: string): PoolCheck {
  const truth = solveQuestion(question)?.answer;
  if (truth === undefined) return { kind: 'unknown' };
  return answersEquivalent(answer, truth) ? { kind: 'right' } : { kind: 'wrong', truth };
}
