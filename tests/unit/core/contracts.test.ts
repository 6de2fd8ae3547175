import { describe, expect, it } from 'vitest';
import { extractBoxed } from '../../../src/core/boxed';
import {
  countToolOutputs,
  extractToolCall,
  formatObservation,
  parseQuestioner,
  releasedGoldenAnswer,
} from '../../../src/core/contracts';
import { answersEquivalent, parseNumber } from '../../../src/core/equivalence';

describe('extractBoxed', () => {
  it('reads a plain box and trims it', () => {
    expect(extractBoxed('so the answer is \\boxed{ 42 }.')).toBe('42');
  });
  it('balances nested braces', () => {
    expect(extractBoxed('\\boxed{\\frac{1}{2}}')).toBe('\\frac{1}{2}');
    expect(extractBoxed('x \\boxed{{a}{b{c}}} y')).toBe('{a}{b{c}}');
  });
  it('reads the last box', () => {
    expect(extractBoxed('\\boxed{1} then \\boxed{2}')).toBe('2');
  });
  it('returns null when the last box is unclosed, even after a closed one', () => {
    expect(extractBoxed('\\boxed{1} then \\boxed{2')).toBeNull();
    expect(extractBoxed('\\boxed{\\frac{1}{2}')).toBeNull();
  });
  it('returns null without a box', () => {
    expect(extractBoxed('the answer is 7')).toBeNull();
    expect(extractBoxed('')).toBeNull();
  });
});

describe('parseQuestioner', () => {
  it('reads the question and the boxed answer', () => {
    expect(parseQuestioner('<question> What is 3 + 4 ? </question> \\boxed{7}')).toEqual({
      question: 'What is 3 + 4 ?',
      answer: '7',
    });
  });
  it('takes the last question block', () => {
    const text = '<question>draft</question> <question>Compute 2 * 3 .</question>\\boxed{6}';
    expect(parseQuestioner(text)?.question).toBe('Compute 2 * 3 .');
  });
  it('keeps the whole boxed answer, not its last character', () => {
    expect(parseQuestioner('<question>What is 7 / 4 ?</question>\\boxed{7/4}')?.answer).toBe('7/4');
    expect(releasedGoldenAnswer('7/4')).toBe('4');
  });
  it('marks violations: no tags, empty question, missing or empty box, unclosed box', () => {
    expect(parseQuestioner('What is 3 + 4 ? \\boxed{7}')).toBeNull();
    expect(parseQuestioner('<question>  </question>\\boxed{7}')).toBeNull();
    expect(parseQuestioner('<question>What is 3 + 4 ?</question>')).toBeNull();
    expect(parseQuestioner('<question>What is 3 + 4 ?</question>\\boxed{ }')).toBeNull();
    expect(parseQuestioner('<question>What is 3 + 4 ?</question>\\boxed{7')).toBeNull();
    expect(parseQuestioner('<question>What is 3 + 4 ?\\boxed{7}')).toBeNull();
  });
});

describe('tool contract', () => {
  it('extracts the last closed python block', () => {
    const turn = 'Let me check.\n```python\nprint(3 + 4)\n```';
    expect(extractToolCall(turn)).toBe('print(3 + 4)');
    expect(extractToolCall('```python\nprint(1)\n``` and ```python\nprint(2)')).toBe('print(1)');
    expect(extractToolCall('no code here')).toBeNull();
  });
  it('formats the observation with its fences and keeps the tail of long output', () => {
    expect(formatObservation('7\n')).toBe('\n```output\n7\n```\n');
    expect(formatObservation('abcdef', 3)).toBe('\n```output\ndef\n```\n');
  });
  it('counts tool outputs in a transcript', () => {
    expect(countToolOutputs('a ```output\n1\n``` b ```output\n2\n```')).toBe(2);
    expect(countToolOutputs('<question>q</question>\\boxed{1}')).toBe(0);
  });
});

describe('answersEquivalent', () => {
  const same: [string, string][] = [
    ['0.5', '.5'],
    ['0.5', '1/2'],
    ['1/2', '\\frac{1}{2}'],
    ['\\frac12', '0.50'],
    ['\\dfrac12', '\\tfrac{1}{2}'],
    ['12', '12.'],
    ['12', '12.0'],
    ['12', '+12'],
    ['$12$', '12'],
    ['\\( 7/4 \\)', '1.75'],
    ['-3/4', '-0.75'],
    ['-\\frac{3}{4}', '\\frac{-3}{4}'],
    ['3/-4', '-3/4'],
    [' 1 / 2 ', '2/4'],
    ['{12}', '12'],
    ['1e-3', '0.001'],
    ['None', 'None'],
    ['x + 1', 'x+1'],
  ];
  const different: [string, string][] = [
    ['0.5', '0.55'],
    ['1/3', '0.333'],
    ['12', '-12'],
    ['12', '120'],
    ['7/4', '4/7'],
    ['None', '0'],
    ['', '0'],
    ['1/0', '2/0'],
    ['\\frac{1}{2}', '\\frac{2}{1}'],
  ];
  it.each(same)('%s ≡ %s (both ways)', (a, b) => {
    expect(answersEquivalent(a, b)).toBe(true);
    expect(answersEquivalent(b, a)).toBe(true);
  });
  it.each(different)('%s ≢ %s (both ways)', (a, b) => {
    expect(answersEquivalent(a, b)).toBe(false);
    expect(answersEquivalent(b, a)).toBe(false);
  });
  it('reads exact values', () => {
    expect(parseNumber('0.125')?.toString()).toBe('1/8');
    expect(parseNumber('-\\dfrac{6}{4}')?.toString()).toBe('-3/2');
    expect(parseNumber('abc')).toBeNull();
  });
});
