import { describe, expect, it } from 'vitest';
import { closestRefLength, sentenceBleu, whitespaceTokens } from '../../../src/core/bleu';
import reference from '../../fixtures/reference.json';

const bleu = (hyp: string, ref: string): number => sentenceBleu(whitespaceTokens(hyp), [whitespaceTokens(ref)]);

describe('sentenceBleu (NLTK 3.8, method 1), hand-computed', () => {
  it('identical questions of 1, 2, 3 and ≥ 4 tokens score 0.1^¾, 0.1^½, 0.1^¼, 1', () => {
    expect(bleu('a', 'a')).toBeCloseTo(0.1 ** 0.75, 12); // 0.178
    expect(bleu('a b', 'a b')).toBeCloseTo(0.1 ** 0.5, 12); // 0.316
    expect(bleu('a b c', 'a b c')).toBeCloseTo(0.1 ** 0.25, 12); // 0.562
    expect(bleu('a b c d', 'a b c d')).toBe(1);
    expect(bleu('What is 3 + 4 ?', 'What is 3 + 4 ?')).toBe(1);
  });

  it('an empty hypothesis and no shared unigram both give 0 (before smoothing)', () => {
    expect(bleu('', 'a b c')).toBe(0);
    expect(bleu('   ', 'a b c')).toBe(0);
    expect(bleu('a b', 'c d')).toBe(0);
    expect(bleu('a b', '')).toBe(0);
  });

  it('smooths a zero count to 0.1 over the number of hypothesis n-grams', () => {
    // p1 = 4/5, p2 = 2/4, p3 = 0.1/3, p4 = 0.1/2, BP = 1 (c = r = 5)
    expect(bleu('a b c d e', 'a b x d e')).toBeCloseTo((0.8 * 0.5 * (0.1 / 3) * (0.1 / 2)) ** 0.25, 12);
  });

  it('applies the brevity penalty exp(1 − r/c) to a short hypothesis', () => {
    // p1 = p2 = p3 = 1, p4 = 0.1/1 (no 4-grams in the hypothesis), BP = exp(1 − 6/3)
    expect(bleu('a b c', 'a b c d e f')).toBeCloseTo(Math.exp(-1) * 0.1 ** 0.25, 12);
  });

  it('gives a longer hypothesis no penalty but lower precisions', () => {
    // p1 = 3/6, p2 = 2/5, p3 = 1/4, p4 = 0.1/3, BP = 1
    expect(bleu('a b c d e f', 'a b c')).toBeCloseTo((0.5 * 0.4 * 0.25 * (0.1 / 3)) ** 0.25, 12);
  });

  it('clips each n-gram count by its count in the reference', () => {
    // p1 = min(4, 1)/4, p2 = 0.1/3, p3 = 0.1/2, p4 = 0.1/1, BP = 1 (4 > 2)
    expect(bleu('the the the the', 'the cat')).toBeCloseTo((0.25 * (0.1 / 3) * 0.05 * 0.1) ** 0.25, 12);
  });

  it('is asymmetric', () => {
    expect(bleu('a b c', 'a b c d e f')).not.toBeCloseTo(bleu('a b c d e f', 'a b c'), 3);
  });

  it('clips by the best single reference and picks the closest reference length (ties → shorter)', () => {
    const hyp = whitespaceTokens('a a b b');
    // refs "a b" and "b b x": clip counts a → 1 (first ref), b → 2 (second ref)
    const v = sentenceBleu(hyp, [whitespaceTokens('a b'), whitespaceTokens('b b x')]);
    // p1 = 3/4; bigrams aa ab bb: ab (ref 1) and bb (ref 2) match → 2/3; p3 = 0.1/2; p4 = 0.1/1;
    // closest lengths to 4 are 3 only (|2−4| = 2, |3−4| = 1) → BP = 1 since 4 > 3.
    expect(v).toBeCloseTo((0.75 * (2 / 3) * 0.05 * 0.1) ** 0.25, 12);
    expect(
      closestRefLength(
        [
          ['x', 'y', 'z'],
          ['1', '2', '3', '4', '5'],
        ],
        4,
      ),
    ).toBe(3);
    expect(
      closestRefLength(
        [
          ['1', '2', '3', '4', '5'],
          ['x', 'y', 'z'],
        ],
        4,
      ),
    ).toBe(3);
  });

  it('splits on any run of whitespace, like str.split()', () => {
    expect(whitespaceTokens('  What\tis \n 3  ')).toEqual(['What', 'is', '3']);
    expect(whitespaceTokens('')).toEqual([]);
  });

  it('refuses an empty reference list', () => {
    expect(() => sentenceBleu(['a'], [])).toThrow(/reference/);
  });

  it(`matches NLTK on ${reference.bleuPairs.length} recorded pairs`, () => {
    for (const { hyp, ref, bleu: expected } of reference.bleuPairs) {
      expect(bleu(hyp, ref), `${hyp} | ${ref}`).toBeCloseTo(expected, 12);
    }
  });
});
