/**
 * Forced decoding: each top-1 token is the argmax of the logits after that prefix alone (the
 * generation reference path, lastTokenLogits, which pads and reads one row: an independent route
 * through the model), rows beyond a batch of eight are padded the same way, and the agreement
 * counts positions as hand-counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastTokenLogits } from '../../../src/model/forward';
import { FORCED_ROWS, type ForcedSequence, forcedTop1, top1Agreement } from '../../../src/model/forced-decoding';
import type { TinyLM } from '../../../src/model/model';
import { tf, tinyModel, tokenizer, useBackend } from './fixtures';

describe('top1Agreement', () => {
  it('counts equal tokens position by position (hand-counted: 3 of 5)', () => {
    expect(
      top1Agreement(
        [
          [1, 2, 3],
          [4, 5],
        ],
        [
          [1, 9, 3],
          [4, 6],
        ],
      ),
    ).toEqual({ agree: 3, positions: 5, rate: 0.6 });
  });
  it('refuses results of different shapes', () => {
    expect(() => top1Agreement([[1]], [[1], [2]])).toThrow('1 sequences against 2');
    expect(() => top1Agreement([[1, 2]], [[1]])).toThrow('sequence 0 has 2 positions against 1');
  });
});

describe('forcedTop1 on wasm', () => {
  let model: TinyLM;
  beforeAll(async () => {
    await useBackend('wasm');
    model = tinyModel(11);
  });
  afterAll(() => model.dispose());

  it('names, at every answer position, the argmax of the logits after that prefix', async () => {
    const texts = [
      '<|tool|>What is 3 + 4 ?\n',
      '<|solver|>Compute 12 * 3 .\n',
      '<|questioner|><question>What is 2 + 2 ?</question>\n',
    ];
    // More sequences than one batch, so that a second, padded batch runs.
    const sequences: ForcedSequence[] = Array.from({ length: FORCED_ROWS + 2 }, (_, i) => {
      const tokens = tokenizer.encode(texts[i % texts.length] as string);
      return { tokens, from: Math.max(1, tokens.length - 4 - (i % 3)) };
    });
    const top = await forcedTop1(model.params, model.config, tokenizer.padId, sequences);
    for (const [i, s] of sequences.entries()) {
      const prefixes = Array.from({ length: s.tokens.length - s.from }, (_, j) => s.tokens.slice(0, s.from + j));
      const logits = lastTokenLogits(model.params, model.config, tokenizer.padId, prefixes);
      const best = tf.argMax(logits, 1);
      const expected = Array.from((await best.data()) as Int32Array);
      tf.dispose([logits, best]);
      expect(top[i]).toEqual(expected);
    }
  });
});
