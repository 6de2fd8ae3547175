/**
 * The start-up measurement on Node's WASM backend with the shipped model's shapes: figures come
 * back, and the throwaway model, its optimizer and its generation cache are all freed (tf.memory()
 * as before, but for what creating and disposing the model leaves by itself), also when the deadline has
 * already passed. In Node there is no WebGPU, so the
 * choice is WASM without measuring, and a backend named by the caller is used as asked.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseBackend } from '../../../../src/model/backend/choice';
import { MEASURE_SHAPE, OutOfTime, measureCurrentBackend } from '../../../../src/model/backend/measure';
import { TinyLM } from '../../../../src/model/model';
import { tf, tokenizer, useBackend } from '../fixtures';

const base = new Uint8Array(readFileSync('public/models/base.a0lm'));
const makeModel = () => TinyLM.fromCheckpoint(base, tokenizer);

/**
 * Tensors that creating and disposing one model leaves behind by itself (AdamW's constructor
 * leaves the two zero tensors its moment variables start from): the measurement may leave that
 * much for its one model and nothing more. 0 once the model frees everything.
 */
function modelResidue(): { numTensors: number; numBytes: number } {
  const before = tf.memory();
  makeModel().dispose();
  const after = tf.memory();
  return { numTensors: after.numTensors - before.numTensors, numBytes: after.numBytes - before.numBytes };
}

describe('start-up measurement', () => {
  beforeAll(async () => {
    await useBackend('wasm');
  });

  it('times a training step and cached generation, and leaves tf.memory() as it was', async () => {
    const residue = modelResidue();
    const before = tf.memory();
    const t0 = performance.now();
    const f = await measureCurrentBackend(makeModel, performance.now() + 60_000);
    const wall = performance.now() - t0;
    expect(tf.memory().numTensors - before.numTensors).toBe(residue.numTensors);
    expect(tf.memory().numBytes - before.numBytes).toBe(residue.numBytes);
    expect(f.msPerTrainStep).toBeGreaterThan(0);
    // The timed step is part of the wall time, as are the timed decode steps (a lower bound on their time).
    expect(f.msPerTrainStep).toBeLessThan(wall);
    const decodeMs = (MEASURE_SHAPE.genBatch * MEASURE_SHAPE.genSteps * 1000) / f.genTokensPerSec;
    expect(f.msPerTrainStep + decodeMs).toBeLessThan(wall);
    console.log(`measurement on Node WASM: ${JSON.stringify(f)}, ${Math.round(wall)} ms in all`);
  }, 60_000);

  it('reports OutOfTime past its deadline and still frees everything', async () => {
    const residue = modelResidue();
    const before = tf.memory().numTensors;
    await expect(measureCurrentBackend(makeModel, performance.now())).rejects.toBeInstanceOf(OutOfTime);
    expect(tf.memory().numTensors - before).toBe(residue.numTensors);
  }, 60_000);

  it('in Node: no WebGPU, so WASM without measuring; a named backend is used as asked', async () => {
    const auto = await chooseBackend(['webgpu', 'wasm', 'cpu'], { asked: null, makeModel });
    expect(auto.backend).toBe('wasm');
    expect(auto.basis).toEqual({ kind: 'no-webgpu', absent: 'missing' });
    expect(auto.fallbacks[0]?.backend).toBe('webgpu');
    expect(auto.binary).toBe('simd');
    const asked = await chooseBackend(['cpu', 'wasm'], { asked: 'cpu', makeModel });
    expect(asked).toMatchObject({
      backend: 'cpu',
      basis: { kind: 'asked', asked: 'cpu' },
      threads: null,
      binary: null,
    });
    await useBackend('wasm');
  });
});
