/**
 * A tiny model on tfjs's WebGPU backend (SwiftShader in headless Chromium) computes what the CPU
 * backend computes: prefill logits, greedy tokens, tokens sampled under one seed, log-probs, one
 * training step's loss and gradient norm, and the log-probs after the update.
 */
import { expect, test } from '@playwright/test';
import { WEBGPU_LAUNCH } from './webgpu-launch';
import type { BackendRun } from './pages/model-webgpu';

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
      (window as unknown as { __modelWebgpu: { webgpu?: BackendRun; cpu?: BackendRun; error?: string } }).__modelWebgpu,
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
  expect(maxDiff(gpu.logProbs, cpu.logProbs)).toBeLessThan(1e-4);
  for (const key of ['loss', 'pgLoss', 'kl', 'entropy'] as const) {
    expect(Math.abs(gpu[key] - cpu[key]), `${key}: ${gpu[key]} vs ${cpu[key]}`).toBeLessThan(1e-5);
  }
  expect(Math.abs(gpu.gradNorm - cpu.gradNorm)).toBeLessThan(1e-4 * Math.max(1, cpu.gradNorm));
  expect(maxDiff(gpu.ratios, cpu.ratios)).toBeLessThan(1e-4);
  expect(maxDiff(gpu.logProbsAfter, cpu.logProbsAfter)).toBeLessThan(1e-3);
  // The update changed the model.
  expect(maxDiff(cpu.logProbsAfter, cpu.logProbs)).toBeGreaterThan(1e-3);
});
