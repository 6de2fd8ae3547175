import { describe, expect, it } from 'vitest';
import { TRAIN_PASS, sequencesPerPass, trainPasses } from '../../../src/model/train';

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
    [64, 16, 4, 16],
    [16, 16, 1, 16],
    [20, 8, 3, 7], // 7 + 7 + 6, the last one filled with one empty row
    [3, 1, 3, 1],
    [3, 2, 2, 2],
  ] as const)('%i sequences, at most %i a pass: %i passes of %i', (n, most, passes, perPass) => {
    expect(trainPasses(n, most)).toEqual({ passes, perPass });
  });
});
