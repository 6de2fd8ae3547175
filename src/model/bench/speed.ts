/**
 * Model speed on one tfjs backend, with the base model's default sizes (used by `npm run bench`
 * in Node and, through a page, in Chromium):
 * - batched generation (B = 8) with the key/value cache and with full recomputation of the padded
 *   context for every token (both cost the same at every position: shapes are fixed), and their
 *   ratio `kvCacheSpeedup`; on request, cached generation at a classroom phase's width too (B = 160);
 * - training (B = 16, T = 64): tokens/s and ms per step, and tf.profile's peak bytes of one step;
 * - kernels per training step and per generated token step (every kernel tfjs runs) and dispatches
 *   (the kernels that do work: not Reshape or Identity, which only share data), read-backs per
 *   token step, and the training step's kernel time by kernel name;
 * - small generate + train cycles: tensor count before, highest seen, after (must not grow).
 * `modelTimers` times cached generation and training steps one at a time, for measurements taken
 * in rounds beside a peer's.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../../core/random';
import { Tokenizer } from '../../core/tokenizer';
import { type BackendName, selectBackend } from '../backend/backend';
import { DECODE_ROUND } from '../generate';
import { TinyLM } from '../model';
import { type TrainBatch, randomTrainBatch } from '../train';

const LOSS = { epsLow: 0.2, epsHigh: 0.3, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' as const };

/** Kernels that only relabel a tensor's data on every backend (no work, no GPU dispatch). */
const DATA_ONLY = new Set(['Reshape', 'Identity']);
/** Kernels that run one program per output (tfjs's Unpack slices each part out separately). */
const PER_OUTPUT = new Set(['Unpack']);

interface KernelCounts {
  kernels: number;
  dispatches: number;
  /** Kernel time by name, most first: [name, calls, ms]. */
  byName: [string, number, number][];
}

/** Count the kernels tf.profile saw (registered kernels only: scopes such as custom gradients are not kernels). */
function countKernels(info: Awaited<ReturnType<typeof tf.profile>>, backend: string): KernelCounts {
  const byName = new Map<string, [number, number]>();
  let kernels = 0;
  let dispatches = 0;
  for (const k of info.kernels) {
    if (!tf.getKernel(k.name, backend)) continue;
    kernels += 1;
    if (!DATA_ONLY.has(k.name)) dispatches += PER_OUTPUT.has(k.name) ? k.outputShapes.length : 1;
    const e = byName.get(k.name) ?? [0, 0];
    byName.set(k.name, [e[0] + 1, e[1] + (Number(k.kernelTimeMs) || 0)]);
  }
  return {
    kernels,
    dispatches,
    byName: [...byName]
      .map(([name, [calls, ms]]): [string, number, number] => [name, calls, Number(ms.toFixed(1))])
      .sort((a, b) => b[2] - a[2]),
  };
}

/** The bench's prompts: `batch` copies of one tool question. */
function benchPrompts(tokenizer: Tokenizer, batch: number): number[][] {
  return Array.from({ length: batch }, () => tokenizer.encode('<|tool|>What is 12 + 30 ?\n'));
}

/** Generated tokens per second for `steps` new tokens per sequence. */
async function generationSpeed(model: TinyLM, prompts: number[][], steps: number, cache: boolean): Promise<number> {
  const g = model.startGeneration(prompts, 1, cache);
  const t0 = performance.now();
  await g.turn({ temperature: 1, maxNewTokens: steps, ignoreEos: true });
  const s = (performance.now() - t0) / 1000;
  g.dispose();
  return (prompts.length * steps) / s;
}

export interface SpeedOptions {
  /** Generated tokens per sequence for the cached measurement (default 48). */
  cachedTokens?: number;
  /** Generated tokens per sequence without the cache (default 8; 3 on the CPU backend). */
  recomputeTokens?: number;
  /** Timed training steps (default 4; 2 on the CPU backend). */
  trainSteps?: number;
  /** Generate + train cycles of the tensor-count check (default 100). */
  cycles?: number;
  /** Also time cached generation for this many sequences, as wide as a classroom phase (none by default). */
  wideBatch?: number;
}

/**
 * One turn of 2·DECODE_ROUND token steps after the prompts, under tf.profile: its kernels and
 * dispatches (in total: divide by `tokenSteps`) and its read-backs.
 */
export async function profileTokenSteps(model: TinyLM, prompts: number[][], backend: string) {
  const tokenSteps = 2 * DECODE_ROUND;
  const probe = model.startGeneration(prompts, 3);
  probe.prefill();
  const genProfile = await tf.profile(async () => {
    await probe.turn({ temperature: 1, maxNewTokens: tokenSteps, ignoreEos: true });
    return [];
  });
  const readBacks = probe.readBacks;
  probe.dispose();
  return { genKernels: countKernels(genProfile, backend), readBacks, tokenSteps };
}

/**
 * One training step and one turn of token steps (`profileTokenSteps`), under tf.profile. The
 * training step's figures are read before the turn is profiled: tfjs hands every tf.profile the
 * same object, so a later profile replaces an earlier one's kernels and peak (until 3 December the
 * bench reported the turn's 16 token steps, 3,106 kernels, as the training step's).
 */
export async function profileSteps(model: TinyLM, prompts: number[][], batch: TrainBatch, backend: string) {
  const profile = await tf.profile(async () => {
    await model.trainStep(batch, LOSS);
    return [];
  });
  const train = { trainKernels: countKernels(profile, backend), trainPeakBytes: profile.peakBytes };
  return { ...train, ...(await profileTokenSteps(model, prompts, backend)) };
}

/**
 * Only the counts of one backend, nothing timed: kernels and dispatches per training step and per
 * token step, read-backs per token step. For backends whose timings mean nothing here (WebGPU and
 * WebGL on SwiftShader, which emulates the GPU on the CPU) while their counts are what matters.
 */
export async function countModelKernels(backend: BackendName): Promise<Record<string, number | string>> {
  const choice = await selectBackend([backend]);
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(tokenizer, {}, 1);
  try {
    const prompts = benchPrompts(tokenizer, 8);
    const batch = randomTrainBatch(new Rng(2), tokenizer.size, 16, 64);
    // Warmed up as measureModelSpeed is: the first step also creates the optimizer's moments and
    // the first generation grows the cache, work that later steps do not repeat.
    await generationSpeed(model, prompts, 16, true);
    await model.trainStep(batch, LOSS);
    const { trainKernels, genKernels, readBacks, tokenSteps } = await profileSteps(
      model,
      prompts,
      batch,
      choice.backend,
    );
    return {
      backend: choice.backend,
      params: model.paramCount,
      kernelsPerTrainStep: trainKernels.kernels,
      dispatchesPerTrainStep: trainKernels.dispatches,
      kernelsPerTokenStep: Number((genKernels.kernels / tokenSteps).toFixed(1)),
      dispatchesPerTokenStep: Number((genKernels.dispatches / tokenSteps).toFixed(1)),
      readBacksPerTokenStep: Number((readBacks / tokenSteps).toFixed(3)),
    };
  } finally {
    model.dispose();
  }
}

/** The figures of one backend (see the module comment). */
export async function measureModelSpeed(
  backend: BackendName,
  opts: SpeedOptions = {},
): Promise<Record<string, number | string>> {
  const choice = await selectBackend([backend]);
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(tokenizer, {}, 1);
  const rng = new Rng(2);
  const prompts = benchPrompts(tokenizer, 8);
  // Warmed up with the same run, as the PyTorch peer does: the cache grows through the same
  // capacities, so every shape the measured run meets has been seen once.
  await generationSpeed(model, prompts, opts.cachedTokens ?? 48, true);
  const cached = await generationSpeed(model, prompts, opts.cachedTokens ?? 48, true);
  let cachedWide: number | null = null;
  if (opts.wideBatch) {
    const wide = Array.from({ length: opts.wideBatch }, () => prompts[0] as number[]);
    await generationSpeed(model, wide, opts.cachedTokens ?? 48, true);
    cachedWide = await generationSpeed(model, wide, opts.cachedTokens ?? 48, true);
  }
  await generationSpeed(model, prompts, 1, false);
  const recompute = await generationSpeed(model, prompts, opts.recomputeTokens ?? (backend === 'cpu' ? 3 : 8), false);

  const batch = randomTrainBatch(rng, tokenizer.size, 16, 64);
  await model.trainStep(batch, LOSS);
  const steps = opts.trainSteps ?? (backend === 'cpu' ? 2 : 4);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) await model.trainStep(batch, LOSS);
  const msPerStep = (performance.now() - t0) / steps;
  const { trainPeakBytes, trainKernels, genKernels, readBacks, tokenSteps } = await profileSteps(
    model,
    prompts,
    batch,
    choice.backend,
  );

  const small = randomTrainBatch(rng, tokenizer.size, 4, 16);
  const tensorsBefore = tf.memory().numTensors;
  let peakTensors = tensorsBefore;
  for (let i = 0; i < (opts.cycles ?? 100); i++) {
    const g = model.startGeneration(prompts.slice(0, 4), rng.fork());
    await g.turn({ temperature: 1, maxNewTokens: 2 });
    peakTensors = Math.max(peakTensors, tf.memory().numTensors);
    g.dispose();
    await model.trainStep(small, LOSS);
    peakTensors = Math.max(peakTensors, tf.memory().numTensors);
  }
  const tensorsAfter = tf.memory().numTensors;
  model.dispose();
  return {
    backend: choice.backend,
    params: model.paramCount,
    cachedGenTokensPerSec: Math.round(cached),
    ...(cachedWide === null ? {} : { wideBatch: opts.wideBatch, cachedGenWideTokensPerSec: Math.round(cachedWide) }),
    recomputeGenTokensPerSec: Math.round(recompute),
    kvCacheSpeedup: Number((cached / recompute).toFixed(1)),
    trainTokensPerSec: Math.round((16 * 64) / (msPerStep / 1000)),
    msPerTrainStep: Math.round(msPerStep),
    trainStepPeakMB: Number((trainPeakBytes / 2 ** 20).toFixed(1)),
    kernelsPerTrainStep: trainKernels.kernels,
    dispatchesPerTrainStep: trainKernels.dispatches,
    kernelsPerTokenStep: Number((genKernels.kernels / tokenSteps).toFixed(1)),
    dispatchesPerTokenStep: Number((genKernels.dispatches / tokenSteps).toFixed(1)),
    readBacksPerTokenStep: Number((readBacks / tokenSteps).toFixed(3)),
    trainKernelMs: trainKernels.byName
      .slice(0, 12)
      .map(([k, calls, ms]) => `${k} ×${calls} ${ms} ms`)
      .join(', '),
    tensorsBefore,
    peakTensors,
    cycles: opts.cycles ?? 100,
    tensorsAfterCycles: tensorsAfter,
  };
}

/**
 * Training steps averaged in one `ModelTimers.trainStep` measurement. One step alone ran 114–221 ms
 * in seven rounds of one bench run (its peer 238–256 ms, a mean of 20), so a single slow step could
 * decide the median.
 */
const TIMED_TRAIN_STEPS = 5;

/** One measurement each of the model's timed work, taken on request (see `modelTimers`). */
export interface ModelTimers {
  /** Generated tokens per second of `batch` sequences, 48 new tokens each, with the cache. */
  generation(batch: number): Promise<number>;
  /**
   * Milliseconds per training step of 16 × 64 tokens, the mean of TIMED_TRAIN_STEPS steps in a row
   * (the PyTorch peer reports the mean of 20).
   */
  trainStep(): Promise<number>;
  dispose(): void;
}

/**
 * The default model on `backend`, for measurements taken one at a time (in rounds that alternate
 * with a peer's, so both meet the same state of the machine). Every shape is met once before the
 * first measurement, as in `measureModelSpeed`.
 */
export async function modelTimers(backend: BackendName, batches: readonly number[]): Promise<ModelTimers> {
  await selectBackend([backend]);
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(tokenizer, {}, 1);
  const batch = randomTrainBatch(new Rng(2), tokenizer.size, 16, 64);
  const generation = (b: number) => generationSpeed(model, benchPrompts(tokenizer, b), 48, true);
  const trainStep = async () => {
    const t0 = performance.now();
    for (let i = 0; i < TIMED_TRAIN_STEPS; i++) await model.trainStep(batch, LOSS);
    return (performance.now() - t0) / TIMED_TRAIN_STEPS;
  };
  for (const b of batches) await generation(b);
  await trainStep();
  return { generation, trainStep, dispose: () => model.dispose() };
}
