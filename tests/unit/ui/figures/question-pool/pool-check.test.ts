/**
 * The question pool marks the questioner's own wrong answers (issue 61, item 11): each answer is
 * checked against the oracle, with sums worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { checkPoolAnswer } from '../../../../../src/ui/figures/question-pool/pool-check';
import { FIGURES_EN } from '../../../../../src/ui/text/figures-en';
import { FIGURES_KO } from '../../../../../src/ui/text/figures-ko';

describe('checkPoolAnswer', () => {
  it('calls an answer equal to the true one right, in any equivalent form', () => {
    expect(checkPoolAnswer('What is 3 + 4 ?', '7')).toEqual({ kind: 'right' });
    // 6 / 4 = 3/2 = 1.5
    expect(checkPoolAnswer('Compute 6 / 4 .', '1.5').kind).toBe('right');
  });
  it('calls a different answer wrong and gives the true one', () => {
    expect(checkPoolAnswer('What is 3 + 4 ?', '8')).toEqual({ kind: 'wrong', truth: '7' });
  });
  it('says nothing of a text the oracle cannot solve', () => {
    expect(checkPoolAnswer('What is 3 + ?', '3')).toEqual({ kind: 'unknown' });
    expect(checkPoolAnswer('Compute 5 / ( 2 - 2 ) .', '0')).toEqual({ kind: 'unknown' });
  });
  it('counts the wrong answers in both languages', () => {
    expect(FIGURES_EN.poolWrong(2, 9)).toMatch(/^The questioner’s own answer is wrong in 2 of 9 \(marked ✗\)/);
    expect(FIGURES_KO.poolWrong(2, 9)).toMatch(/^9개 중 2개는 출제자 자신의 답이 틀렸습니다/);
    expect(FIGURES_EN.poolWrong(0, 9)).toContain('(9 of 9)');
  });
});
