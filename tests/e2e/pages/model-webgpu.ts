/**
 * Harness for tests/e2e/model-webgpu.spec.ts: the same tiny model (same seed, so the same initial
 * numbers) runs prefill, greedy generation, log-probs and one training step on WebGPU, then on the
 * CPU backend. Both results go to `window.__modelWebgpu` for the test to compare.
 */
import { Tokenizer } from '../../../src/core/tokenizer';
import { type BackendName, selectBackend } from '../../../src/model/backend';
import { TinyLM } from '../../../src/model/model';

export interface BackendRun {
  backend: string;
  fallbacks: string[];
  prefillLogits: number[][];
  tokens: number[][];
  logProbs: number[][];
  loss: number;
  pgLoss: number;
  kl: number;
  entropy: number;
  gradNorm: number;
  ratios: number[][];
  logProbsAfter: number[][];
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
  model.dispose();
  return {
    backend: choice.backend,
    fallbacks: choice.fallbacks.map((f) => `${f.backend}: ${f.reason}`),
    prefillLogits,
    tokens: out.map((o) => o?.tokens ?? []),
    logProbs,
    loss: stats.loss,
    pgLoss: stats.pgLoss,
    kl: stats.kl,
    entropy: stats.entropy,
    gradNorm: stats.gradNorm,
    ratios: stats.ratios,
    logProbsAfter,
  };
}

const target = window as unknown as { __modelWebgpu?: { webgpu?: BackendRun; cpu?: BackendRun; error?: string } };
try {
  const webgpu = await runOn('webgpu');
  const cpu = await runOn('cpu');
  target.__modelWebgpu = { webgpu, cpu };
} catch (err) {
  target.__modelWebgpu = { error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) };
}
