/**
 * A tiny model on tfjs's WebGPU backend (SwiftShader in headless Chromium) computes what the CPU
 * backend computes: prefill logits, greedy tokens, tokens sampled under one seed, log-probs, one
 * training step's loss and gradient norm, and the log-probs after the update; and cache extensions
 * computed by the fused WebGPU kernels (src/model/kernels/webgpu-decode.ts) equal tfjs's own
 * kernels on the CPU, while a token step of the default model takes at most 40 dispatches (#27);
 * the gradient of every parameter through the fused training kernels (webgpu-train.ts) equals the
 * CPU's and central differences, and its column sums over more rows than a workgroup has lanes equal
 * float64 sums, while a training step of the default model takes at most 150
 * dispatches (#27; 658 with tfjs's kernels); and the start-up checks of both kernel sets
 * (fused-decode-check.ts, fused-train-check.ts) refuse a broken one.
 */
import { expect, test } from '@playwright/test';
import { WEBGPU_LAUNCH } from './webgpu-launch';
import type { BackendRun, CheckRun } from './pages/model-webgpu';

test.use({
  launchOptions: WEBGPU_LAUNCH,
});

function maxDiff(a: number[][], b: number[][]): number {
  expect(a.map((r) => r.length)).toEqual(b.map((r) => r.length));
  return Math.max(...a.flatMap((r, i) => r.map((x, j) => Math.abs(x - (b[i]?.[j] as number)))));
}

test('tiny model: WebGPU generation and training step match the CPU backend', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto('/tests/e2e/pages/model-webgpu.html');
  await page.waitForFunction(
    () => (window as unknown as { __modelWebgpu?: unknown }).__modelWebgpu !== undefined,
    undefined,
    { timeout: 400_000 },
  );
  const result = await page.evaluate(
    () =>
      (
        window as unknown as {
          __modelWebgpu: { webgpu?: BackendRun; cpu?: BackendRun; check?: CheckRun; error?: string };
        }
      ).__modelWebgpu,
  );
  expect(result.error).toBeUndefined();
  const gpu = result.webgpu as BackendRun;
  const cpu = result.cpu as BackendRun;
  expect(gpu.backend).toBe('webgpu');
  expect(gpu.fallbacks).toEqual([]);
  expect(cpu.backend).toBe('cpu');
  expect(maxDiff(gpu.prefillLogits, cpu.prefillLogits)).toBeLessThan(1e-4);
  expect(gpu.tokens).toEqual(cpu.tokens);
  expect(gpu.tokens.map((t) => t.length)).toEqual([6, 6]);
  // Sampling runs on the backend from the seeded uniforms: one seed, the same draws on both.
  expect(gpu.sampled).toEqual(cpu.sampled);
  expect(gpu.sampled.map((t) => t.length)).toEqual([12, 12]);
  expect(gpu.sampledPlain).toEqual(cpu.sampledPlain);
  expect(gpu.sampledPlain.map((t) => t.length)).toEqual([12, 12]);
  expect(maxDiff(gpu.logProbs, cpu.logProbs)).toBeLessThan(1e-4);
  for (const key of ['loss', 'pgLoss', 'kl', 'entropy'] as const) {
    expect(Math.abs(gpu[key] - cpu[key]), `${key}: ${gpu[key]} vs ${cpu[key]}`).toBeLessThan(1e-5);
  }
  expect(Math.abs(gpu.gradNorm - cpu.gradNorm)).toBeLessThan(1e-4 * Math.max(1, cpu.gradNorm));
  expect(maxDiff(gpu.ratios, cpu.ratios)).toBeLessThan(1e-4);
  expect(maxDiff(gpu.logProbsAfter, cpu.logProbsAfter)).toBeLessThan(1e-3);
  // The update changed the model.
  expect(maxDiff(cpu.logProbsAfter, cpu.logProbs)).toBeGreaterThan(1e-3);

  // Cache extensions: WebGPU's fused kernels against the CPU's composed ones, the growth included.
  expect(gpu.extensions.map((e) => e.fused)).toEqual([true, true, true]);
  expect(cpu.extensions.map((e) => e.fused)).toEqual([false, false, false]);
  expect(gpu.extensions.map((e) => e.capacity)).toEqual([8, 8, 16]);
  gpu.extensions.forEach((e, i) => {
    const c = cpu.extensions[i] as (typeof cpu.extensions)[number];
    // Sequences that took tokens: 3, 3, 4; rows written: (9, 12 and 23 positions) × 2 heads × 2 layers × keys and values.
    expect(e.logits.length).toBe([3, 3, 4][i]);
    expect(e.cacheRows.length).toBe([9, 12, 23][i]! * 2 * 2 * 2);
    expect(maxDiff(e.logits, c.logits), `extension ${i + 1}: logits`).toBeLessThan(1e-4);
    expect(maxDiff(e.cacheRows, c.cacheRows), `extension ${i + 1}: cache`).toBeLessThan(1e-4);
  });

  // A token step of the default model (3 layers) on the fused kernels: 7 per layer, the embedding,
  // the head, and the draw (temperature 1, no truncation).
  const steps = gpu.tokenSteps as NonNullable<BackendRun['tokenSteps']>;
  for (const [name, calls] of [
    ['A0Embed', 1],
    ['A0CacheWrite', 6],
    ['A0NormAffine', 7],
    ['A0CachedAttention', 3],
    ['A0AffineResidual', 6],
    ['A0Sample', 1],
  ] as const)
    expect(steps.kernels[name], name).toBe(calls);
  expect(steps.kernels.BatchMatMul).toBeUndefined();
  expect(steps.kernels.Cumsum).toBeUndefined();
  expect(steps.dispatchesPerTokenStep).toBeLessThanOrEqual(40);

  // The start-up check: it passes the kernels as they are, and refuses (unregistering every fused
  // kernel, so generation keeps tfjs's) when one of them writes zeros.
  const check = result.check as CheckRun;
  expect(check.passed).toBeNull();
  expect(check.tensorsKept).toBe(0);
  expect(check.broken).toMatch(/^the fused forward pass differs from tfjs's by /);
  expect(check.availableAfterBroken).toBe(false);
  expect(check.availableAgain).toBe(true);

  // Gradients: WebGPU's fused training kernels against the CPU's tfjs kernels, every parameter, …
  expect(gpu.gradients.fused).toBe(true);
  expect(cpu.gradients.fused).toBe(false);
  const lossScale = Math.max(1, Math.abs(cpu.gradients.loss));
  expect(Math.abs(gpu.gradients.loss - cpu.gradients.loss)).toBeLessThan(1e-4 * lossScale);
  for (const [name, g] of Object.entries(cpu.gradients.grads)) {
    const scale = Math.max(1, ...g.map(Math.abs));
    expect(maxDiff([gpu.gradients.grads[name] ?? []], [g]) / scale, name).toBeLessThan(1e-4);
  }
  // … and against central differences (step 1e-2) on WebGPU itself, at entries that move the sum.
  expect(gpu.gradients.probes.filter((p) => Math.abs(p.central) > 0.05).length).toBeGreaterThanOrEqual(3);
  for (const p of gpu.gradients.probes)
    expect(Math.abs(p.analytic - p.central), `${p.name}[${p.index}]`).toBeLessThan(
      2e-2 * Math.max(1, Math.abs(p.central)),
    );

  // The clipped policy loss on inputs that reach every branch: WebGPU's fused kernels against the
  // CPU's tfjs kernels, the branch codes exactly.
  expect(gpu.policy.fused).toBe(true);
  expect(cpu.policy.fused).toBe(false);
  const n = 12;
  expect(gpu.policy.packed.slice(3 + n)).toEqual(cpu.policy.packed.slice(3 + n));
  expect(new Set(cpu.policy.packed.slice(3 + n))).toEqual(new Set([0, 1, 2, 3]));
  // Relative to each number (a ratio past the clamp is e²⁰).
  const relative = (a: number[], b: number[]) =>
    Math.max(...a.map((x, i) => Math.abs(x - b[i]!) / Math.max(1, Math.abs(b[i]!))));
  expect(relative(gpu.policy.packed.slice(0, 3 + n), cpu.policy.packed.slice(0, 3 + n))).toBeLessThan(1e-5);
  expect(relative(gpu.policy.grad, cpu.policy.grad)).toBeLessThan(1e-5);
  expect(cpu.policy.grad.filter((g) => g !== 0).length).toBeGreaterThanOrEqual(6);

  // Column sums over more rows than a column's workgroup has lanes, against float64 sums.
  const sums = gpu.columnSums as NonNullable<BackendRun['columnSums']>;
  sums.exact.forEach((exact, i) => {
    const scale = Math.max(1, ...exact.map(Math.abs));
    expect(maxDiff([sums.fused[i] ?? []], [exact]) / scale, ['Σ dy', 'Σ dy·x̂'][i]).toBeLessThan(1e-5);
  });

  // A training step of the default model (3 layers, 7 layer norms, 3 gelus, 6 biased products).
  const train = gpu.trainingStep as NonNullable<BackendRun['trainingStep']>;
  for (const [name, calls] of [
    ['A0LayerNorm', 7],
    ['A0LayerNormGrad', 7],
    ['A0ColumnSums', 7 * 2 + 6],
    ['A0Gelu', 3],
    ['A0GeluGrad', 3],
    ['A0AdamMoment', 2],
    // One per parameter: 3 layers × 10, two embeddings, the final norm's gain and bias.
    ['A0AdamParam', 34],
    ['A0PolicyTokens', 1],
    ['A0PolicyPack', 1],
    ['A0PolicyGrad', 1],
    ['A0TokenLogProbs', 2],
    ['A0TokenLogProbsGrad', 1],
    // Per layer, attention is one dispatch forward and two backward: no softmax, no 4-D products.
    ['A0Attention', 3],
    ['A0AttentionScoresGrad', 3],
    ['A0AttentionGrad', 3],
    // The input rows in one dispatch (two for the tables' gradients), each residual product in one.
    ['A0Embed', 1],
    ['A0EmbedGrad', 2],
    ['A0AffineResidual', 6],
    ['A0GradNorm', 1],
    // One Slice: the loss out of the packed statistics, which are read back whole.
    ['Slice', 1],
  ] as const)
    expect(train.kernels[name], name).toBe(calls);
  for (const composed of ['Softmax', 'Unpack', 'Pack', 'Transpose', 'OneHot', 'AddN', 'Square'])
    expect(Object.keys(train.kernels), composed).not.toContain(composed);
  expect(train.dispatches).toBeLessThanOrEqual(150);

  expect(check.training.passed).toBeNull();
  expect(check.training.tensorsKept).toBe(0);
  expect(check.training.broken).toMatch(/^the fused gradients differ from tfjs's by /);
  expect(check.training.brokenStep).toMatch(/^the fused AdamW step differs from tfjs's by /);
  expect(check.training.brokenLoss).toMatch(/^the fused policy loss differs from tfjs's by /);
  expect(check.training.brokenLogProbs).toMatch(/^the fused token log-probs differ from tfjs's by /);
  expect(check.training.brokenAttention).toMatch(/^the fused gradients differ from tfjs's by /);
  expect(check.training.brokenNorm).toMatch(/^the fused AdamW step differs from tfjs's by /);
  expect(check.training.availableAfterBroken).toBe(false);
  expect(check.training.availableAgain).toBe(true);
});
