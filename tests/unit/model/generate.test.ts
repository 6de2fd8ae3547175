import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardFull } from '../../../src/model/forward';
import type { TinyLM } from '../../../src/model/model';
import { maxAbsDiff, tf, tinyModel, tokenizer, useBackend } from './fixtures';

/** Next-token logits after the whole sequence, by a full forward pass (no cache). */
async function fullLogits(model: TinyLM, seq: number[]): Promise<Float32Array> {
  const out = tf.tidy(() => {
    const all = forwardFull(model.params, model.config, tf.tensor2d([seq], [1, seq.length], 'int32'), false);
    return tf.slice(all, [0, seq.length - 1, 0], [1, 1, model.config.vocabSize]);
  });
  const data = (await out.data()) as Float32Array;
  out.dispose();
  return data;
}

describe.each(['wasm', 'cpu'] as const)('key/value cache on %s', (backend) => {
  let model: TinyLM;
  beforeAll(async () => {
    await useBackend(backend);
    model = tinyModel(7);
  });
  afterAll(() => model.dispose());

  // A small score budget makes the pending text go in blocks of one or two tokens, and the
  // sequences' last tokens land in different blocks (pending 1, 1 + 11 and 1 + 2 tokens).
  const blocksOf = (tokens: number) => (m: TinyLM) => 3 * m.config.nHeads * tokens * (m.config.contextLength + 1);
  it.each([
    ['untied head', false, undefined],
    ['tied head', true, undefined],
    ['blocks of one token', false, blocksOf(1)],
    ['blocks of two tokens', false, blocksOf(2)],
  ] as const)(
    'gives the logits of a full recompute after prefill, sampling and appended text (%s)',
    async (_, tiedEmbeddings, budget) => {
      const model = tinyModel(7, { tiedEmbeddings });
      const prompts = [
        tokenizer.encode('<|tool|>What is 3 + 4 ?\n'),
        tokenizer.encode('<|questioner|>'),
        tokenizer.encode('<|solver|>Compute 12 * 3 .'),
      ];
      const g = model.startGeneration(prompts, 11, true, budget?.(model));
      await g.prefill();
      for (let b = 0; b < prompts.length; b++) {
        expect(maxAbsDiff(await g.lastLogits(b), await fullLogits(model, g.tokens(b)))).toBeLessThan(1e-4);
      }
      await g.turn({ temperature: 1, maxNewTokens: 5 });
      g.append(0, tokenizer.encode('\n```output\n7\n```\n'));
      g.append(2, tokenizer.encode('\\boxed{'));
      await g.turn({ temperature: 1, maxNewTokens: 3 });
      for (let b = 0; b < prompts.length; b++) {
        const seq = g.tokens(b);
        // The last sampled token is not fed yet: compare the logits that produced it.
        expect(maxAbsDiff(await g.lastLogits(b), await fullLogits(model, seq.slice(0, -1)))).toBeLessThan(1e-4);
      }
      g.dispose();
      model.dispose();
    },
  );

  it('samples the same tokens with and without the cache, and repeats exactly under one seed', async () => {
    const prompts = [tokenizer.encode('<|questioner|>'), tokenizer.encode('<|solver|>Evaluate 5 - 2 .')];
    const opts = { temperature: 1, topK: 20, topP: 0.95, maxNewTokens: 12 };
    const run = async (seed: number, cache: boolean): Promise<number[][]> => {
      const g = model.startGeneration(prompts, seed, cache);
      const out = await g.turn(opts);
      g.dispose();
      return out.map((o) => o?.tokens ?? []);
    };
    const a = await run(5, true);
    expect(await run(5, true)).toEqual(a);
    expect(await run(5, false)).toEqual(a);
    expect(await run(6, true)).not.toEqual(a);
    expect(a.map((t) => t.length)).toEqual([12, 12]);
  });

  it('computes fewer rows once most sequences have stopped, and samples what a full recompute samples', async () => {
    // Sixteen sequences that stop at different rounds (on any of several common characters), then
    // a second turn for three of them after appended text (four rows, one a stopped sequence's):
    // the narrowed rounds must draw, for every sequence, the tokens the reference (no cache, every
    // context recomputed) draws.
    const prompts = Array.from({ length: 16 }, (_, i) => tokenizer.encode(`<|solver|>${i}`));
    const opts = { temperature: 1, maxNewTokens: 20, stopStrings: ['1', '2', 'e'] };
    // A model of its own, so that its derived weights are made inside the first run below.
    const model = tinyModel(7);
    const run = async (cache: boolean) => {
      const tensors = tf.memory().numTensors;
      const g = model.startGeneration(prompts, 8, cache);
      const first = await g.turn(opts);
      for (const b of [1, 6, 11]) g.append(b, tokenizer.encode('x = '));
      const second = await g.turn({ ...opts, maxNewTokens: 6 });
      const logits = await Promise.all(prompts.map((_, b) => g.lastLogits(b)));
      const out = { first, second, tokens: prompts.map((_, b) => g.tokens(b)), logits, rows: [...g.roundRows] };
      g.dispose();
      return { ...out, left: tf.memory().numTensors - tensors };
    };
    const cached = await run(true);
    const reference = await run(false);
    // Every narrowed cache was freed when it was written back. The first cached generation leaves
    // only the model's derived inference weights (a matrix and a bias for the head and for Q, K, V
    // and the MLP's first product per layer); the recompute leaves nothing.
    expect(cached.left).toBe(2 + 8 * model.config.nLayers);
    expect(reference.left).toBe(0);
    expect(cached.first).toEqual(reference.first);
    expect(cached.second).toEqual(reference.second);
    expect(cached.tokens).toEqual(reference.tokens);
    // The batch narrowed to powers of two below 16 as sequences stopped, and the second turn ran
    // three sequences on four rows.
    expect(reference.rows.every((r) => r === 16)).toBe(true);
    expect(cached.rows[0]).toBe(16);
    expect(cached.rows.some((r) => r === 8 || r === 4 || r === 2 || r === 1)).toBe(true);
    expect(cached.rows.at(-1)).toBeLessThanOrEqual(4);
    // Every sequence keeps the logits its last draw came from, narrowed round or not.
    for (let b = 0; b < prompts.length; b++) {
      const seq = cached.tokens[b] as number[];
      expect(maxAbsDiff(cached.logits[b] as Float32Array, await fullLogits(model, seq.slice(0, -1)))).toBeLessThan(
        1e-4,
      );
    }
    model.dispose();
  });

  it('stops a sequence at end of text, at a stop string and at the token limit', async () => {
    const eos = tokenizer.eosId;
    const fence = tokenizer.id('```');
    // Final LN gain 0 and bias e₀ make every hidden state e₀, so the logits are row 0 of the head:
    // a one-hot row makes greedy decoding emit that token whatever the input.
    const bumped = tinyModel(3);
    const { head, lnFinalGain, lnFinalBias } = bumped.params as {
      head: tf.Variable;
      lnFinalGain: tf.Variable;
      lnFinalBias: tf.Variable;
    };
    const force = (id: number): void => {
      const [rows, cols] = head.shape as [number, number];
      const row = new Float32Array(rows * cols);
      row[id] = 1;
      tf.tidy(() => {
        lnFinalGain.assign(tf.zerosLike(lnFinalGain));
        lnFinalBias.assign(
          tf
            .oneHot([0], lnFinalBias.shape[0] as number)
            .reshape(lnFinalBias.shape)
            .cast('float32'),
        );
        head.assign(tf.tensor2d(row, [rows, cols]));
      });
    };
    force(fence);
    const out = await bumped.generate(
      [tokenizer.encode('<|tool|>')],
      { temperature: 0, maxNewTokens: 9, stopStrings: ['```'] },
      1,
    );
    expect(out[0]).toEqual({ tokens: [fence], text: '```', stop: 'stop-string' });
    const limited = await bumped.generate([tokenizer.encode('<|tool|>')], { temperature: 0, maxNewTokens: 3 }, 1);
    expect(limited[0]?.tokens).toEqual([fence, fence, fence]);
    expect(limited[0]?.stop).toBe('max-tokens');
    force(eos);
    const ended = await bumped.generate([tokenizer.encode('<|tool|>')], { temperature: 0, maxNewTokens: 9 }, 1);
    expect(ended[0]).toEqual({ tokens: [eos], text: '<|endoftext|>', stop: 'eos' });
    bumped.dispose();
  });
  it('stops at the context end in the middle of a round while another sequence goes on', async () => {
    const ctx = model.config.contextLength;
    // Sequence 0 has room for 3 tokens (the round draws 8); sequence 1 for many.
    const long = Array.from({ length: ctx - 3 }, (_, i) => 1 + (i % 50));
    const prompts = [long, tokenizer.encode('<|questioner|>')];
    const g = model.startGeneration(prompts, 21);
    const out = await g.turn({ temperature: 1, maxNewTokens: 20, ignoreEos: true });
    expect(out[0]?.stop).toBe('context');
    expect(out[0]?.tokens).toHaveLength(3);
    expect(g.tokens(0)).toHaveLength(ctx);
    expect(out[1]?.stop).toBe('max-tokens');
    expect(out[1]?.tokens).toHaveLength(20);
    g.dispose();
  });
});
