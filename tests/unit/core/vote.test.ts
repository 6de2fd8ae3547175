import { describe, expect, it } from 'vitest';
import { curate } from '../../../src/core/curate';
import { majorityVote, proxyScore, voteEntry } from '../../../src/core/vote';

/** The released gate (docs/algorithms.md §2.3): on, p kept only above 0.1. */
const GATE = { enabled: true, minP: 0.1 };

describe('majorityVote', () => {
  it('buckets equivalent forms together and scores count / answers', () => {
    const v = majorityVote(['1/2', '0.5', '3', '3', '\\frac12']);
    expect(v.answer).toBe('1/2');
    expect(v.count).toBe(3);
    expect(v.score).toBeCloseTo(3 / 5, 15);
    expect(v.buckets.map((b) => [b.answer, b.count, b.members])).toEqual([
      ['1/2', 3, [0, 1, 4]],
      ['3', 2, [2, 3]],
    ]);
  });
  it('breaks ties in favour of the first bucket', () => {
    expect(majorityVote(['4', '5', '5', '4']).answer).toBe('4');
  });
  it('keeps "None" (no box) in the vote and the denominator, drops empty strings', () => {
    const answers = [null, '7', null, null, '7'].map(voteEntry);
    expect(majorityVote(answers)).toMatchObject({ answer: 'None', count: 3, score: 3 / 5 });
    expect(majorityVote(['', '4', '  ', '4', '5'])).toMatchObject({ answer: '4', count: 2, score: 2 / 3 });
  });
  it('returns "", 0, 0 without answers', () => {
    expect(majorityVote([])).toMatchObject({ answer: '', count: 0, score: 0 });
    expect(majorityVote(['', ' '])).toMatchObject({ answer: '', count: 0, score: 0 });
  });
  it('gives multiples of 1/9 for nine non-empty samples', () => {
    expect(majorityVote(['2', '2', '2', '2', '3', '3', '1', '2', '9']).score).toBeCloseTo(5 / 9, 15);
  });
});

describe('proxyScore', () => {
  const ten = ['7', '7.0', '\\frac{14}{2}', '5', 'None', '5', '7', '2', '7', '9'];
  it('p = max_count / all candidates when the majority agrees', () => {
    expect(proxyScore(ten, '7', GATE)).toMatchObject({ p: 0.5, rawP: 0.5, majority: '7', agrees: true, gated: false });
  });
  it('gates p to 0 on disagreement or p ≤ 0.1, unless the gate is off', () => {
    expect(proxyScore(ten, '5', GATE)).toMatchObject({ p: 0, rawP: 0.5, agrees: false, gated: true });
    expect(proxyScore(ten, '5', { ...GATE, enabled: false })).toMatchObject({ p: 0.5, gated: false });
    const spread = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    expect(proxyScore(spread, '1', GATE)).toMatchObject({ p: 0, rawP: 0.1, agrees: true, gated: true });
  });
  it('always divides by every candidate, unboxed or empty', () => {
    const answers = ['3', '3', '3', null, null].map(voteEntry);
    expect(proxyScore(answers, '3', GATE).rawP).toBeCloseTo(3 / 5, 15);
    expect(proxyScore(['3', '3', '', '', ''], '3', GATE).rawP).toBeCloseTo(2 / 5, 15);
  });
});

describe('curate', () => {
  const items = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => ({ id: k, score: k / 9 }));
  it('keeps 0.3 ≤ s ≤ 0.8 (s = 3/9 … 7/9)', () => {
    const { kept, dropped } = curate(items, { minScore: 0.3, maxScore: 0.8 });
    expect(kept.map((i) => i.id)).toEqual([3, 4, 5, 6, 7]);
    expect(dropped.map((i) => i.id)).toEqual([0, 1, 2, 8, 9]);
  });
  it('is inclusive at both ends', () => {
    const edge = [{ score: 0.3 }, { score: 8 / 10 }, { score: 0.29 }, { score: 0.81 }];
    expect(curate(edge, { minScore: 0.3, maxScore: 0.8 }).kept).toEqual([{ score: 0.3 }, { score: 0.8 }]);
  });
  it('refuses a band with min > max', () => {
    expect(() => curate(items, { minScore: 0.9, maxScore: 0.1 })).toThrow(/minScore/);
  });
});
