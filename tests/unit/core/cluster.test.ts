import { describe, expect, it } from 'vitest';
import { averageLinkageClusters, bleuDistanceMatrix, clusterShares } from '../../../src/core/cluster';
import reference from '../../fixtures/reference.json';

/** Canonical form of a partition: label each item by the first index of its cluster. */
function canonical(labels: readonly number[]): number[] {
  const first = new Map<number, number>();
  return labels.map((l, i) => {
    if (!first.has(l)) first.set(l, i);
    return first.get(l) as number;
  });
}

describe('bleuDistanceMatrix', () => {
  it('is 1 − BLEU(hyp = q_i, ref = q_j) for i < j, mirrored, zero diagonal', () => {
    const d = bleuDistanceMatrix(['a b c', 'a b c d e f']);
    const bleuUpper = Math.exp(-1) * 0.1 ** 0.25; // hyp = 'a b c' (see the BLEU tests)
    expect(d[0]?.[1]).toBeCloseTo(1 - bleuUpper, 12);
    expect(d[1]?.[0]).toBeCloseTo(1 - bleuUpper, 12);
    expect(d[0]?.[0]).toBe(0);
  });

  it('puts near-duplicate questions closer than 0.5', () => {
    // p1 = 5/6, p2 = 3/5, p3 = 2/4, p4 = 1/3, BP = 1
    const d = bleuDistanceMatrix(['What is 3 + 4 ?', 'What is 3 + 5 ?']);
    expect(d[0]?.[1]).toBeCloseTo(1 - ((5 / 6) * (3 / 5) * (2 / 4) * (1 / 3)) ** 0.25, 12);
    expect(d[0]?.[1]).toBeLessThan(0.5);
  });
});

describe('clusterShares', () => {
  it('handles the empty batch and the batch of one', () => {
    expect(clusterShares([], 0.5)).toEqual([]);
    expect(clusterShares(['What is 1 + 1 ?'], 0.5)).toEqual([1]);
  });

  it('groups identical questions', () => {
    const q = 'What is 3 + 4 ?';
    expect(clusterShares([q, q, 'Compute 17 * 9 .', q], 0.5)).toEqual([0.75, 0.75, 0.25, 0.75]);
  });

  it('gives every distinct question its own cluster', () => {
    expect(
      clusterShares(['What is 3 + 4 ?', 'Compute 17 * 9 .', 'Mia has 12 apples', 'Evaluate ( 8 - 2 ) / 5 .'], 0.5),
    ).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('groups near-duplicates and leaves the unrelated one alone', () => {
    expect(clusterShares(['What is 3 + 4 ?', 'What is 3 + 5 ?', 'Compute 17 * 9 .'], 0.5)).toEqual([
      2 / 3,
      2 / 3,
      1 / 3,
    ]);
  });

  it('never merges empty (unparsed) questions: BLEU of an empty text is 0', () => {
    expect(clusterShares(['', '', 'What is 3 + 4 ?'], 0.5)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });
});

describe('averageLinkageClusters', () => {
  const sym = (n: number, entries: [number, number, number][]): number[][] => {
    const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (const [i, j, v] of entries) {
      (d[i] as number[])[j] = v;
      (d[j] as number[])[i] = v;
    }
    return d;
  };

  it('uses the mean of all member distances (not single linkage)', () => {
    // A–B merge at 0.2; d(AB, C) = (0.45 + 0.7) / 2 = 0.575 ≥ 0.5 → C stays apart
    // (single linkage would merge C at 0.45).
    const d = sym(3, [
      [0, 1, 0.2],
      [0, 2, 0.45],
      [1, 2, 0.7],
    ]);
    expect(canonical(averageLinkageClusters(d, 0.5).labels)).toEqual([0, 0, 2]);
  });

  it('merges on the mean even when one member is far (not complete linkage)', () => {
    // d(AB, C) = (0.3 + 0.68) / 2 = 0.49 < 0.5 → merged (complete linkage would see 0.68).
    const d = sym(3, [
      [0, 1, 0.2],
      [0, 2, 0.3],
      [1, 2, 0.68],
    ]);
    expect(canonical(averageLinkageClusters(d, 0.5).labels)).toEqual([0, 0, 0]);
  });

  it('averages over original pairs (UPGMA), not over sub-cluster averages (WPGMA)', () => {
    // A, B, C merge at 0.1 and 0.2; d(D, ABC) = (0.4 + 0.4 + 0.64) / 3 = 0.48 < 0.5 → merged.
    // WPGMA would give (0.4 + 0.64) / 2 = 0.52 and keep D apart.
    const d = sym(4, [
      [0, 1, 0.1],
      [0, 2, 0.2],
      [1, 2, 0.2],
      [3, 0, 0.4],
      [3, 1, 0.4],
      [3, 2, 0.64],
    ]);
    const { labels, merges } = averageLinkageClusters(d, 0.5);
    expect(canonical(labels)).toEqual([0, 0, 0, 0]);
    expect(merges.map((m) => m.distance)).toEqual([0.1, 0.2, expect.closeTo(0.48, 12)]);
  });

  it('merges only strictly below the threshold', () => {
    expect(averageLinkageClusters(sym(2, [[0, 1, 0.5]]), 0.5).sizes).toEqual([1, 1]);
    expect(averageLinkageClusters(sym(2, [[0, 1, 0.4999]]), 0.5).sizes).toEqual([2]);
    expect(averageLinkageClusters(sym(2, [[0, 1, 0.5]]), 0.6).sizes).toEqual([2]);
  });

  it('refuses a matrix that is not square or holds negative distances', () => {
    expect(() => averageLinkageClusters([[0, 1], [1]], 0.5)).toThrow(/row 1/);
    expect(() => averageLinkageClusters(sym(2, [[0, 1, -0.1]]), 0.5)).toThrow(/not a distance/);
  });

  it(`equals scikit-learn's partition on ${reference.clusterBatches.length} recorded batches`, () => {
    for (const { questions, labels } of reference.clusterBatches) {
      const ours = averageLinkageClusters(bleuDistanceMatrix(questions), 0.5).labels;
      expect(canonical(ours), questions.join(' | ')).toEqual(canonical(labels));
    }
  });
});
