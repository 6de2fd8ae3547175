/**
 * On WebGPU the backend badge says which kernels training runs: the fused ones
 * (src/model/kernels/webgpu-train.ts), or tfjs's own with the start-up check's reason; on other
 * backends it says nothing of them. `current()` reports no training kernels off WebGPU.
 */
import { describe, expect, it } from 'vitest';
import { current, selectBackend } from '../../../../src/model/backend/backend';
import { type BackendState, badgeLines } from '../../../../src/ui/lib/backend-label';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

const webgpu = (training: BackendState['training']): BackendState => ({
  backend: 'webgpu',
  threads: null,
  binary: null,
  basis: null,
  fallbacks: [],
  training,
});

describe('the badge’s training kernels', () => {
  it('names the fused kernels on WebGPU, in English and Korean', () => {
    expect(badgeLines(webgpu({ fused: true }), EN)).toEqual([
      'Training runs fused kernels for causal attention (one GPU dispatch forward, two backward), layer norm and gelu (one each forward, one to three backward), the input rows and each residual product (one each), the token log-probs and the clipped policy loss (three each), the gradient norm (one) and AdamW (one per moment and one per parameter), checked against tfjs’s own kernels when WebGPU started.',
    ]);
    expect(badgeLines(webgpu({ fused: true }), KO)[0]).toMatch(/^학습은 인과 어텐션\(.*\)를 합친 커널로 돕니다/);
  });

  it('gives the check’s reason when it refused them, after the generation line', () => {
    const refused = {
      ...webgpu({ fused: false, reason: 'the fused gradients differ from tfjs’s by 0.5' }),
      generation: { fused: true } as const,
    };
    const lines = badgeLines(refused, EN);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Generation runs fused kernels/);
    expect(lines[1]).toBe(
      'Training runs tfjs’s own kernels: the fused ones failed their start-up check here (the fused gradients differ from tfjs’s by 0.5).',
    );
    expect(badgeLines(refused, KO)[1]).toMatch(/^학습은 tfjs 자체 커널로 돕니다.*\(the fused gradients differ/);
  });

  it('says nothing of them on other backends', async () => {
    expect(badgeLines({ ...webgpu(null), backend: 'wasm' }, EN)).toEqual([]);
    await selectBackend(['cpu']);
    expect((await current()).training).toBeNull();
  });
});
