import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { TinyLM } from '../../../src/model/model';
import { TINY, tf, tokenizer, useBackend } from './fixtures';

describe.each(['wasm', 'cpu'] as const)('tensor bookkeeping on %s', (backend) => {
  it('keeps tf.memory().numTensors unchanged over 20 generate + log-prob + train cycles', async () => {
    await useBackend(backend);
    const start = tf.memory().numTensors;
    const model = TinyLM.create(tokenizer, TINY, 1);
    const before = tf.memory().numTensors;
    const rng = new Rng(4);
    const prompts = [tokenizer.encode('<|tool|>What is 2 + 3 ?\n'), tokenizer.encode('<|questioner|>')];
    let afterFirst = 0;
    for (let cycle = 0; cycle < 20; cycle++) {
      const g = model.startGeneration(prompts, rng.fork());
      await g.turn({ temperature: 1, maxNewTokens: 6 });
      g.append(0, tokenizer.encode('\n```output\n5\n```\n'));
      await g.turn({ temperature: 1, maxNewTokens: 4 });
      const sequences = [g.tokens(0), g.tokens(1)];
      g.dispose();
      const lossMask = sequences.map((s) => s.map((_, j) => (j === 0 ? 0 : 1)));
      const old = await model.logProbs(sequences, lossMask);
      await model.trainStep(
        { sequences, lossMask, advantages: sequences.map((s) => s.map(() => 1)), oldLogProbs: old, refLogProbs: old },
        { epsLow: 0.2, epsHigh: 0.3, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' },
      );
      if (cycle === 0) afterFirst = tf.memory().numTensors;
    }
    expect(tf.memory().numTensors).toBe(afterFirst);
    // What the model holds on top of its parameters once it has generated: the derived inference
    // weights, a matrix and a bias for the head and, per layer, for Q, K, V and the MLP's first product.
    expect(tf.memory().numTensors).toBe(before + 2 + 8 * model.config.nLayers);
    model.dispose();
    // Per parameter its variable; then the optimizer's flat first and second moments, and nothing else.
    expect(tf.memory().numTensors).toBe(before - model.params.all.length - 2);
    // …which is all a model holds: nothing is left once it is disposed.
    expect(tf.memory().numTensors).toBe(start);
  }, 60_000);
});
