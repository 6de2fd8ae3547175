/**
 * Harness for tests/e2e/model-webgpu.spec.ts: the same tiny model (same seed, so the same initial
 * numbers) runs prefill, greedy generation, log-probs and one training step on WebGPU, then on the
 * CPU backend; and three cache extensions (forwardExtend: uneven and padded blocks, a step that
 * grows the cache), which WebGPU computes with its fused kernels and the CPU with tfjs's own; and
 * the gradient of a weighted sum of logits with respect to every parameter (WebGPU: the fused
 * training kernels), with central differences of a few entries. On WebGPU, one turn and one
 * training step of the default-size model are profiled for their kernels, and the fused column sums
 * of a 150-row matrix are read beside float64 sums. Both results go to
 * `window.__modelWebgpu` for the test to compare.
 */
import * as tf from '@tensorflow/tfjs';
import { Tokenizer } from '../../../src/core/tokenizer';
import { type BackendName, selectBackend } from '../../../src/model/backend/backend';
import { DerivedWeights, forwardExtend } from '../../../src/model/decode';
import { forwardFull } from '../../../src/model/forward';
import { checkFusedDecode } from '../../../src/model/backend/fused-decode-check';
import { checkFusedTraining, policyProbe } from '../../../src/model/backend/fused-train-check';
import { FUSED_TRAIN_KERNELS, fusedTrainingAvailable } from '../../../src/model/kernels/fused-train-ops';
import { registerTrainKernels } from '../../../src/model/kernels/webgpu-train';
import { FUSED_KERNELS, fusedDecodeAvailable } from '../../../src/model/kernels/fused-decode-ops';
import { registerDecodeKernels } from '../../../src/model/kernels/webgpu-decode';
import { type KvCache, emptyCache } from '../../../src/model/kv-cache';
import { TinyLM } from '../../../src/model/model';
import { profileSteps, profileTokenSteps } from '../../../src/model/bench/speed';
import { columnSumsProbe } from './column-sums-probe';

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

/** Sequences whose logits the gradient check weighs. */
const GRAD_IDS = [
  [3, 17, 42, 5, 9, 11, 2, 30],
  [8, 8, 21, 64, 7, 1, 0, 0],
];

export interface GradientRun {
  /** Whether the fused training kernels ran. */
  fused: boolean;
  /** L = Σ logits·R for fixed R, and ∂L/∂θ of every parameter (flattened), in parameter order. */
  loss: number;
  grads: Record<string, number[]>;
  /** Entries [parameter, index] with their analytic and central-difference derivatives (step 1e-2). */
  probes: { name: string; index: number; analytic: number; central: number }[];
}

/** The gradient check of the tiny model on the current backend. */
async function gradients(model: TinyLM): Promise<GradientRun> {
  const p = model.params;
  const ids = tf.tensor2d(GRAD_IDS, undefined, 'int32');
  const weights = tf.tidy(() => {
    const n = GRAD_IDS.length * (GRAD_IDS[0] as number[]).length * model.config.vocabSize;
    return tf.reshape(tf.tensor1d(Array.from({ length: n }, (_, i) => Math.sin(1.7 * i + 0.3))), [
      GRAD_IDS.length,
      (GRAD_IDS[0] as number[]).length,
      model.config.vocabSize,
    ]);
  });
  const lossOf = async (): Promise<number> => {
    const l = tf.tidy(() => tf.sum(tf.mul(forwardFull(p, model.config, ids, false), weights)));
    const v = (await l.data())[0] as number;
    l.dispose();
    return v;
  };
  const { value, grads } = tf.tidy(() =>
    tf.variableGrads(() => tf.sum(tf.mul(forwardFull(p, model.config, ids, true), weights)) as tf.Scalar, p.all),
  );
  const out: Record<string, number[]> = {};
  for (const [i, v] of p.all.entries())
    out[p.names[i] as string] = Array.from(await (grads[v.name] as tf.Tensor).data());
  const loss = (await value.data())[0] as number;
  tf.dispose([value, ...Object.values(grads)]);
  const probes: GradientRun['probes'] = [];
  for (const [name, index] of [
    ['layer0.ln1Gain', 3],
    ['layer0.ln2Bias', 5],
    ['layer0.wQkv', 40],
    ['layer0.w1', 77],
    ['lnFinalGain', 1],
  ] as const) {
    const variable = p.all[p.names.indexOf(name)] as tf.Variable;
    const original = await variable.data();
    const at = async (delta: number): Promise<number> => {
      const moved = Float32Array.from(original);
      moved[index] = (moved[index] as number) + delta;
      tf.tidy(() => variable.assign(tf.tensor(moved, variable.shape)));
      return lossOf();
    };
    const central = ((await at(1e-2)) - (await at(-1e-2))) / 2e-2;
    tf.tidy(() => variable.assign(tf.tensor(original, variable.shape)));
    probes.push({ name, index, analytic: out[name]![index]!, central });
  }
  tf.dispose([ids, weights]);
  return { fused: fusedTrainingAvailable(), loss, grads: out, probes };
}

/** Kernels of one training step of the default-size model, 16 sequences of 64 tokens (as the bench counts them). */
async function trainingStepCounts(backend: string): Promise<{ dispatches: number; kernels: Record<string, number> }> {
  const tokenizer = new Tokenizer();
  const model = TinyLM.create(tokenizer, {}, 1);
  const sequences = Array.from({ length: 16 }, (_, i) =>
    Array.from({ length: 64 }, (_, j) => 1 + ((i * 31 + j * 7) % (tokenizer.size - 1))),
  );
  const zeros = sequences.map((r) => r.map(() => 0));
  const batch = {
    sequences,
    lossMask: sequences.map((r) => r.map((_, j) => (j === 0 ? 0 : 1))),
    advantages: sequences.map((r, i) => r.map(() => (i % 2 ? 1 : -1))),
    oldLogProbs: zeros,
    refLogProbs: zeros,
  };
  const loss = { epsLow: 0.2, epsHigh: 0.3, dualClip: 3, klCoef: 0.01, aggregation: 'token-mean' as const };
  // The first step creates the optimizer's moments; the second is the one counted.
  await model.trainStep(batch, loss);
  const prompts = [tokenizer.encode('<|tool|>What is 12 + 30 ?\n')];
  const { trainKernels } = await profileSteps(model, prompts, batch, backend);
  model.dispose();
  return {
    dispatches: trainKernels.dispatches,
    kernels: Object.fromEntries(trainKernels.byName.map(([name, calls]) => [name, calls])),
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
  gradients: GradientRun;
  /** The policy probe of fused-train-check.ts: packed loss and gradient (WebGPU: the fused kernels). */
  policy: { fused: boolean; packed: number[]; grad: number[] };
  tokenSteps?: TokenStepCounts;
  trainingStep?: { dispatches: number; kernels: Record<string, number> };
  columnSums?: { fused: number[][]; exact: number[][] };
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
  const gradientRun = await gradients(model);
  const policy = { fused: fusedTrainingAvailable(), ...(await policyProbe(fusedTrainingAvailable())) };
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
    gradients: gradientRun,
    policy,
    ...(choice.backend === 'webgpu'
      ? {
          tokenSteps: await tokenStepCounts(choice.backend),
          trainingStep: await trainingStepCounts(choice.backend),
          columnSums: await columnSumsProbe(),
        }
      : {}),
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
  /**
   * The same for the training kernels' check (fused-train-check.ts), with A0LayerNormGrad writing
   * zeros (`broken`), then A0AdamParam (`brokenStep`), then A0PolicyGrad (`brokenLoss`), then
   * A0TokenLogProbsGrad (`brokenLogProbs`), then attention's gradient A0AttentionGrad
   * (`brokenAttention`), then the gradient norm A0GradNorm (`brokenNorm`).
   */
  training: {
    passed: string | null;
    tensorsKept: number;
    broken: string | null;
    brokenStep: string | null;
    brokenLoss: string | null;
    brokenLogProbs: string | null;
    brokenAttention: string | null;
    brokenNorm: string | null;
    availableAfterBroken: boolean;
    availableAgain: boolean;
  };
}

/**
 * A kernel for `name` on WebGPU that writes zeros of `shapeOf` its inputs (by default its first
 * input's shape, or its `shape` attribute).
 */
function registerZeros(name: string, shapeOf?: (inputs: tf.NamedTensorInfoMap) => number[]): void {
  if (tf.getKernel(name, 'webgpu')) tf.unregisterKernel(name, 'webgpu');
  tf.registerKernel({
    kernelName: name,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const shape = shapeOf?.(inputs) ?? (attrs as { shape?: number[] }).shape ?? Object.values(inputs)[0]!.shape;
      return (
        backend as unknown as { makeTensorInfo: (s: number[], d: string, v: Float32Array) => tf.TensorInfo }
      ).makeTensorInfo(shape, 'float32', new Float32Array(shape.reduce((a, b) => a * b, 1)));
    },
  });
}

/** The start-up check of the training kernels, as they are and with the layer norm's ∂x broken. */
async function trainingCheckRun(): Promise<CheckRun['training']> {
  const tensorsBefore = tf.memory().numTensors;
  const passed = await checkFusedTraining();
  const tensorsKept = tf.memory().numTensors - tensorsBefore;
  registerZeros('A0LayerNormGrad');
  const broken = await checkFusedTraining();
  const availableAfterBroken = FUSED_TRAIN_KERNELS.some((k) => tf.getKernel(k, 'webgpu') !== undefined);
  registerTrainKernels();
  registerZeros('A0AdamParam');
  const brokenStep = await checkFusedTraining();
  registerTrainKernels();
  registerZeros('A0PolicyGrad');
  const brokenLoss = await checkFusedTraining();
  registerTrainKernels();
  registerZeros('A0TokenLogProbsGrad');
  const brokenLogProbs = await checkFusedTraining();
  registerTrainKernels();
  registerZeros('A0AttentionGrad', (inputs) => inputs.qkv!.shape);
  const brokenAttention = await checkFusedTraining();
  registerTrainKernels();
  registerZeros('A0GradNorm', () => [1]);
  const brokenNorm = await checkFusedTraining();
  registerTrainKernels();
  return {
    passed,
    tensorsKept,
    broken,
    brokenStep,
    brokenLoss,
    brokenLogProbs,
    brokenAttention,
    brokenNorm,
    availableAfterBroken,
    availableAgain: fusedTrainingAvailable(),
  };
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
  const training = await trainingCheckRun();
  return { passed, tensorsKept, broken, availableAfterBroken, availableAgain: fusedDecodeAvailable(), training };
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
