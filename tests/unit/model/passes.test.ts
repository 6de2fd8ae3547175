import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { cutPasses, sequencesPerPass } from '../../../src/model/passes';
import { TRAIN_PASS } from '../../../src/model/train';
import { maxAbsDiff, tinyModel, tokenizer, useBackend } from './fixtures';

describe('passes of whole-sequence forward passes', () => {
  it.each([
    // t, heads, limit, expected: min(⌊rows / t⌋, ⌊scores / (H·t²)⌋), at least 1
    [64, 4, TRAIN_PASS, 16], // 1024 / 64 = 16 rows-bound; 2^18 / (4·4096) = 16
    [128, 4, TRAIN_PASS, 4], // 1024 / 128 = 8, but 2^18 / (4·16384) = 4 scores-bound
    [32, 4, TRAIN_PASS, 32], // 1024 / 32 = 32; 2^18 / (4·1024) = 64
    [16, 2, { rows: 40, scores: 2 ** 18 }, 2],
    [128, 4, { rows: 64, scores: 2 ** 18 }, 1], // never fewer than one sequence
  ] as const)('t = %i, %i heads: %o → %i sequences a pass', (t, heads, limit, want) => {
    expect(sequencesPerPass(t, heads, limit)).toBe(want);
  });

  it.each([
    [
      64,
      16,
      [
        [0, 16],
        [16, 16],
        [32, 16],
        [48, 16],
      ],
      16,
    ],
    [16, 16, [[0, 16]], 16],
    [
      20,
      8,
      [
        [0, 7],
        [7, 7],
        [14, 6],
      ],
      7,
    ], // the last one filled with one empty row
    [
      3,
      1,
      [
        [0, 1],
        [1, 1],
        [2, 1],
      ],
      1,
    ],
    [
      3,
      2,
      [
        [0, 2],
        [2, 1],
      ],
      2,
    ],
    [0, 4, [], 0],
  ] as const)('%i sequences, at most %i a pass: (start, count) %j, each run as %i rows', (n, most, parts, size) => {
    expect(cutPasses(n, most)).toEqual(parts.map(([start, count]) => ({ start, count, size })));
  });
});

describe('log-probs in passes', () => {
  beforeAll(() => useBackend('cpu'));

  it('gives every sequence of a 70-sequence batch (two passes of 35) what it gets alone', async () => {
    // Context 32 and 2 heads: at most min(2048 / 32, 2^19 / (2·32²)) = 64 sequences a pass.
    const model = tinyModel(11);
    const rng = new Rng(4);
    const sequences = Array.from({ length: 70 }, () =>
      Array.from({ length: 17 + rng.int(16) }, () => 1 + rng.int(tokenizer.size - 1)),
    );
    const together = await model.logProbs(sequences);
    for (const [b, s] of sequences.entries()) {
      const [alone] = await model.logProbs([s]);
      expect(maxAbsDiff(together[b] as number[], alone as number[]), `sequence ${b}`).toBeLessThan(1e-5);
    }
    model.dispose();
  });
});
