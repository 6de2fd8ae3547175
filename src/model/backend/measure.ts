/**
 * The start-up measurement of one backend: on the current tfjs backend, a throwaway model with the
 * run's shapes does one warm-up and one timed training step on a small random batch, then one
 * warm-up turn and one timed turn of cached generation; everything it made is disposed, so
 * `tf.memory()` is as before. Only TinyLM's public API is used (`trainStep`,
 * `startGeneration(…).turn`), so the figures follow whatever the kernels become.
 *
 * The measurement has a deadline. Work that is running when it passes cannot be cancelled (a GPU
 * queue cannot), so the measurement waits for it (at most `INIT_LIMIT_MS`) before it disposes the
 * model, and then reports that it ran out of time.
 */
import { Rng } from '../../core/random';
import { INIT_LIMIT_MS } from './backend';
import type { BackendFigures } from './decision';
import type { TinyLM } from '../model';
import { type LossSettings, randomTrainBatch } from '../train';

/** Sizes of the measurement (small enough that both backends fit in the start-up budget). */
export const MEASURE_SHAPE = {
  /** Sequences × tokens of the training batch. */
  trainBatch: 4,
  trainTokens: 64,
  /** Sequences generated together, and the cached decode steps timed. */
  genBatch: 8,
  genSteps: 8,
} as const;

const LOSS: LossSettings = { epsLow: 0.2, epsHigh: 0.28, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' };

/** The measurement did not finish before its deadline. */
export class OutOfTime extends Error {}

/**
 * Time one training step and `genSteps` cached decode steps of `makeModel()` on the current
 * backend, each after a warm-up of the same shapes (first runs compile kernels or shaders).
 * Throws OutOfTime when `deadline` (a `performance.now()` time) passes first.
 */
export async function measureCurrentBackend(makeModel: () => TinyLM, deadline: number): Promise<BackendFigures> {
  const running: Promise<unknown>[] = [];
  /** `p`, or OutOfTime at the deadline; `p` is remembered so it can be waited for. */
  const inTime = async <T>(p: Promise<T>): Promise<T> => {
    running.push(p.catch(() => undefined));
    if (performance.now() >= deadline) throw new OutOfTime();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OutOfTime()), Math.max(0, deadline - performance.now()));
    });
    try {
      const value = await Promise.race([p, late]);
      // Work that runs synchronously (WASM) finishes before any timer can fire: check again.
      if (performance.now() > deadline) throw new OutOfTime();
      return value;
    } finally {
      clearTimeout(timer);
    }
  };
  const model = makeModel();
  const { trainBatch, trainTokens, genBatch, genSteps } = MEASURE_SHAPE;
  try {
    const rng = new Rng(1);
    const batch = randomTrainBatch(rng, model.config.vocabSize, trainBatch, trainTokens);
    await inTime(model.trainStep(batch, LOSS));
    let t0 = performance.now();
    await inTime(model.trainStep(batch, LOSS));
    const msPerTrainStep = performance.now() - t0;

    const prompt = model.tokenizer.encode('<|tool|>What is 12 + 30 ?\n');
    const extra = model.tokenizer.encode('1');
    const g = model.startGeneration(
      Array.from({ length: genBatch }, () => prompt),
      rng.fork(),
    );
    try {
      // The warm-up turn feeds the prompt; the timed turn feeds two tokens (the last sampled and
      // an appended one) and decodes the rest one token at a time from the cache.
      await inTime(g.turn({ temperature: 1, maxNewTokens: 2, ignoreEos: true }));
      for (let b = 0; b < genBatch; b++) g.append(b, extra);
      t0 = performance.now();
      await inTime(g.turn({ temperature: 1, maxNewTokens: genSteps, ignoreEos: true }));
      const genTokensPerSec = (genBatch * genSteps * 1000) / (performance.now() - t0);
      return { msPerTrainStep, genTokensPerSec };
    } finally {
      await settle(running);
      g.dispose();
    }
  } finally {
    await settle(running);
    model.dispose();
  }
}

/** Wait for work still running (at most INIT_LIMIT_MS), so nothing is disposed under it. */
async function settle(running: Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(running),
    new Promise((resolve) => {
      timer = setTimeout(resolve, INIT_LIMIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
