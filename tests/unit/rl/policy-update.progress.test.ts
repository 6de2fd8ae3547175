/**
 * The progress an update phase reports (issue 25: a long phase reports progress with a real
 * denominator): mini-batch updates done of the updates the step makes, min(updatesPerStep, sequences).
 */
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../src/core/config';
import { Rng } from '../../../src/core/random';
import { policyUpdate } from '../../../src/rl/policy-update';
import { tinyModel, tokenizer, useBackend } from '../model/fixtures';

async function stepsReported(sequences: number, updatesPerStep: number): Promise<[number, number][]> {
  const model = tinyModel(1);
  const reference = tinyModel(1);
  const seq = tokenizer.encode('<question>What is 1 + 2 ?</question>');
  const mask = seq.map((_, t) => (t > 0 ? 1 : 0));
  const events: [number, number][] = [];
  try {
    const result = await policyUpdate(
      model,
      reference,
      {
        sequences: Array.from({ length: sequences }, () => seq),
        lossMask: Array.from({ length: sequences }, () => mask),
        advantages: Array.from({ length: sequences }, (_, i) => (i % 2 ? 1 : -1)),
        epsHigh: Array.from({ length: sequences }, () => 0.3),
      },
      { ...makeConfig('tiny').questioner, updatesPerStep },
      'token-mean',
      new Rng(1),
      (done, total) => events.push([done, total]),
    );
    // The reports count the updates the result holds.
    expect(events.at(-1)?.[0]).toBe(result.updates.length);
  } finally {
    model.dispose();
    reference.dispose();
  }
  return events;
}

describe('update-step progress', () => {
  it('counts 0 of 4 before the first mini-batch, then each of the 4', async () => {
    await useBackend('wasm');
    expect(await stepsReported(8, 4)).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('never promises more updates than there are sequences to split', async () => {
    await useBackend('wasm');
    expect(await stepsReported(3, 4)).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});
