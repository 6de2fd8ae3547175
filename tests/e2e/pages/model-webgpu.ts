/**
 * Harness for tests/e2e/model-webgpu.spec.ts: the same tiny model (same seed, so the same initial
 * numbers) runs prefill, greedy generation, log-probs and one training step on WebGPU, then on the
 * CPU backend; and three cache extensions (forwardExtend: uneven and padded blocks, a step that
 * grows the cache), which WebGPU computes with its fused kernels and the CPU with tfjs's own. On
 * WebGPU, one turn of the default-size model is profiled for its kernels per token step. Both
 * results go to `window.__modelWebgpu` for the test to compare.
 */
import * as tf from '@tensorflow/tfjs';
import { Tokenizer } from '../../../src/core/tokenizer';
import { type BackendName, selectBackend } from '../../../src/model/backend';
import { DerivedWeights, forwardExtend } from '../../../src/model/decode';
import { checkFusedDecode } from '../../../src/model/kernels/fused-decode-check';
import { FUSED_KERNELS, fusedDecodeAvailable } from '../../../src/model/kernels/fused-decode-ops';
import { registerDecodeKernels } from '../../../src/model/kernels/webgpu-decode';
import { type KvCache, emptyCache } from '../../../src/model/kv-cache';
import { TinyLM } from '../../../src/model/model';
import { profileTokenSteps } from '../../../src/model/speed';

/** One cache extension: ids [B, L], each sequence's cursor and count of new tokens. */
const EXTENSIONS: { ids: number[][]; cursor: number[]; n: number[] }[] = [
  {
    ids: [
      [5, 6, 7, 8],
      [9, 10, 0, 0],
      [1, 1, 1, 1],
      [3, 4, 5, 0],
    ],
    cursor: [0, 0, 0, 0],
    n: [4, 2, 0, 3],
  },
  { ids: [[11], [12], [13], [14]], cursor: [4, 2, 0, 3], n: [1, 1, 0, 1] },
  // Sequence 0 needs 9 positions: the cache grows from 8 to 16.
  {
    ids: [
      [15, 16, 17, 18],
      [19, 20, 21, 22],
      [23, 24, 25, 26],
      [27, 28, 29, 30],
    ],
    cursor: [5, 3, 0, 4],
    n: [4, 4, 1, 2],
  },
];

export interface ExtensionRun {
  fused: boolean;
  capacity: number;
  /** Logits of the sequences that took tokens (n > 0). */
  logits: number[][];
  /** Per layer, keys then values: every written row (positions below cursor + n), in order. */
  cacheRows: number[][];
}

/** The three extensions of EXTENSIONS from an empty cache of capacity 8, on the current backend. */
async function extensions(model: TinyLM): Promise<ExtensionRun[]> {
  const c = model.config;
  const derived = new DerivedWeights(model.params, c);
  const weights = derived.current();
  let cache: KvCache = emptyCache(c, 4, 8);
  const runs: ExtensionRun[] = [];
  for (const { ids, cursor, n } of EXTENSIONS) {
    const fused = fusedDecodeAvailable();
    const step = tf.tidy(() =>
      forwardExtend(model.params, c, cache, tf.tensor2d(ids, undefined, 'int32'), cursor, n, weights),
    );
    cache = step.cache;
    const logits = ((await step.logits.array()) as number[][]).filter((_, b) => (n[b] as number) > 0);
    step.logits.dispose();
    const cacheRows: number[][] = [];
    for (const t of [...cache.keys, ...cache.values]) {
      const rows = (await t.array()) as number[][];
      for (let b = 0; b < 4; b++)
        for (let h = 0; h < c.nHeads; h++)
          for (let pos = 0; pos < (cursor[b] as number) + (n[b] as number); pos++)
            cacheRows.push(rows[(b * c.nHeads + h) * (cache.capacity + 1) + pos] as number[]);
    }
    runs.push({ fused, capacity: cache.capacity, logits, cacheRows });
  }
  tf.dispose([...cache.keys, ...cache.values]);
  derived.dispose();
  return runs;
}

export interface TokenStepCounts {
  dispatchesPerTokenStep: number;
  /** Kernel names with their calls per token step. */
  kernels: Record<string, number>;
}

/** Kernels of one turn of the default-size model, 8 sequences (as `npm run bench -- browser` counts them). */
async function tokenStepCounts(backend: string): Promise<TokenStepCounts> {
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(tokenizer, {}, 1);
  const prompts = Array.from({ length: 8 }, () => tokenizer.encode('<|tool|>What is 12 + 30 ?\n'));
  const { genKernels, tokenSteps } = await profileTokenSteps(model, prompts, backend);
  model.dispose();
  return {
    dispatchesPerTokenStep: genKernels.dispatches / tokenSteps,
    kernels: Object.fromEntries(genKernels.byName.map(([name, calls]) => [name, calls / tokenSteps])),
  };
}

export interface BackendRun {
  backend: string;
  fallbacks: string[];
  prefillLogits: number[][];
  /** Tokens drawn at temperature 1 (top-k 20, top-p 0.95) under one seed. */
  sampled: number[][];
  /** Tokens drawn at temperature 0.7 without truncation (on WebGPU, the fused draw). */
  sampledPlain: number[][];
  tokens: number[][];
  logProbs: number[][];
  loss: number;
  pgLoss: number;
  kl: number;
  entropy: number;
  gradNorm: number;
  ratios: number[][];
  logProbsAfter: number[][];
  extensions: ExtensionRun[];
  tokenSteps?: TokenStepCounts;
}

async function runOn(backend: BackendName): Promise<BackendRun> {
  const choice = await selectBackend([backend]);
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(
    tokenizer,
    { dModel: 16, nLayers: 2, nHeads: 2, dFf: 32, contextLength: 32, tiedEmbeddings: true },
    5,
  );
  const prompts = [tokenizer.encode('<|tool|>What is 3 + 4 ?\n'), tokenizer.encode('<|questioner|>')];
  const g = model.startGeneration(prompts, 9);
  await g.prefill();
  const prefillLogits = await Promise.all(prompts.map(async (_, b) => Array.from(await g.lastLogits(b))));
  const out = await g.turn({ temperature: 0, maxNewTokens: 6 });
  const sequences = prompts.map((_, b) => g.tokens(b));
  g.dispose();
  const drawn = model.startGeneration(prompts, 17);
  const sampledOut = await drawn.turn({ temperature: 1, topK: 20, topP: 0.95, maxNewTokens: 12, ignoreEos: true });
  drawn.dispose();
  const plain = model.startGeneration(prompts, 23);
  const plainOut = await plain.turn({ temperature: 0.7, maxNewTokens: 12, ignoreEos: true });
  plain.dispose();
  const lossMask = sequences.map((s, b) => s.map((_, j) => (j >= (prompts[b]?.length ?? 0) ? 1 : 0)));
  const logProbs = await model.logProbs(sequences);
  const stats = await model.trainStep(
    {
      sequences,
      lossMask,
      advantages: sequences.map((s, b) => s.map(() => (b === 0 ? 1 : -1))),
      oldLogProbs: logProbs.map((r) => r.map((x, j) => x + (j % 3 === 0 ? 0.3 : -0.1))),
      refLogProbs: logProbs.map((r) => r.map((x) => x - 0.2)),
    },
    { epsLow: 0.2, epsHigh: 0.3, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' },
    { learningRate: 0.01, beta1: 0.9, beta2: 0.999, epsilon: 1e-8, weightDecay: 0.01, maxGradNorm: 1 },
  );
  const logProbsAfter = await model.logProbs(sequences);
  const extended = await extensions(model);
  model.dispose();
  return {
    backend: choice.backend,
    fallbacks: choice.fallbacks.map((f) => `${f.backend}: ${f.reason}`),
    prefillLogits,
    tokens: out.map((o) => o?.tokens ?? []),
    sampled: sampledOut.map((o) => o?.tokens ?? []),
    sampledPlain: plainOut.map((o) => o?.tokens ?? []),
    logProbs,
    loss: stats.loss,
    pgLoss: stats.pgLoss,
    kl: stats.kl,
    entropy: stats.entropy,
    gradNorm: stats.gradNorm,
    ratios: stats.ratios,
    logProbsAfter,
    extensions: extended,
    ...(choice.backend === 'webgpu' ? { tokenSteps: await tokenStepCounts(choice.backend) } : {}),
  };
}

export interface CheckRun {
  /** The check's verdict on the registered kernels (null: they agree with tfjs's). */
  passed: string | null;
  /** Tensors alive after the check less those before it. */
  tensorsKept: number;
  /** Its verdict once A0NormAffine is replaced by a kernel that writes zeros, and whether any fused kernel is left. */
  broken: string | null;
  availableAfterBroken: boolean;
  /** After registering the kernels again. */
  availableAgain: boolean;
}

/** The start-up check of the fused kernels (fused-decode-check.ts) on WebGPU, as it is and with one kernel broken. */
async function checkRun(): Promise<CheckRun> {
  const tensorsBefore = tf.memory().numTensors;
  const passed = await checkFusedDecode();
  const tensorsKept = tf.memory().numTensors - tensorsBefore;
  tf.unregisterKernel('A0NormAffine', 'webgpu');
  tf.registerKernel({
    kernelName: 'A0NormAffine',
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const shape = [inputs.x!.shape[0]!, inputs.w!.shape[1]!];
      return (
        backend as unknown as { makeTensorInfo: (s: number[], d: string, v: Float32Array) => tf.TensorInfo }
      ).makeTensorInfo(shape, 'float32', new Float32Array(shape[0]! * shape[1]!));
    },
  });
  const broken = await checkFusedDecode();
  const availableAfterBroken = FUSED_KERNELS.some((k) => tf.getKernel(k, 'webgpu') !== undefined);
  registerDecodeKernels();
  return { passed, tensorsKept, broken, availableAfterBroken, availableAgain: fusedDecodeAvailable() };
}

const target = window as unknown as {
  __modelWebgpu?: { webgpu?: BackendRun; cpu?: BackendRun; check?: CheckRun; error?: string };
};
try {
  const webgpu = await runOn('webgpu');
  const check = await checkRun();
  const cpu = await runOn('cpu');
  target.__modelWebgpu = { webgpu, cpu, check };
} catch (err) {
  target.__modelWebgpu = { error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) };
}
