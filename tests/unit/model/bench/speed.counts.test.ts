/**
 * The bench's counts of a training step are that step's own (src/model/bench/speed.ts `profileSteps`):
 * tfjs hands every tf.profile the same object, and until 3 December the token turn profiled after
 * the step replaced the step's kernels before they were counted (16 token steps read as one
 * training step).
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Tokenizer } from '../../../../src/core/tokenizer';
import { selectBackend } from '../../../../src/model/backend/backend';
import { TinyLM } from '../../../../src/model/model';
import { profileSteps } from '../../../../src/model/bench/speed';

const LOSS = { epsLow: 0.2, epsHigh: 0.3, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' as const };

describe('profileSteps', () => {
  beforeAll(async () => {
    await selectBackend(['cpu']);
  });

  it('counts the training step, not the token turn profiled after it', async () => {
    const tokenizer = new Tokenizer();
    const model = TinyLM.create(tokenizer, { dModel: 16, nLayers: 1, nHeads: 2, dFf: 32, contextLength: 32 }, 4);
    const sequences = [1, 2].map((s) => Array.from({ length: 12 }, (_, j) => 1 + ((s * 7 + j * 5) % 200)));
    const batch = {
      sequences,
      lossMask: sequences.map((r) => r.map((_, j) => (j === 0 ? 0 : 1))),
      advantages: sequences.map((r, i) => r.map(() => (i ? 1 : -1))),
      oldLogProbs: sequences.map((r) => r.map(() => 0)),
      refLogProbs: sequences.map((r) => r.map(() => 0)),
    };
    const prompts = [tokenizer.encode('<|tool|>What is 1 + 2 ?\n')];
    await model.trainStep(batch, LOSS);
    const counted = await profileSteps(model, prompts, batch, 'cpu');
    // The same step profiled alone: its registered kernels.
    const alone = await tf.profile(async () => {
      await model.trainStep(batch, LOSS);
      return [];
    });
    const kernels = alone.kernels.filter((k) => tf.getKernel(k.name, 'cpu')).length;
    const peak = alone.peakBytes;
    expect(kernels).toBeGreaterThan(100);
    expect(counted.trainKernels.kernels).toBe(kernels);
    expect(counted.genKernels.kernels).not.toBe(kernels);
    // Peaks start from the bytes alive before each step, which differ by a few per cent between two
    // steps; the turn's own peak is far below either.
    expect(Math.abs(counted.trainPeakBytes - peak) / peak).toBeLessThan(0.1);
    const probe = model.startGeneration(prompts, 3);
    const turn = await tf.profile(async () => {
      await probe.turn({ temperature: 1, maxNewTokens: 16, ignoreEos: true });
      return [];
    });
    probe.dispose();
    expect(turn.peakBytes).toBeLessThan(0.5 * peak);
    model.dispose();
  });
});
