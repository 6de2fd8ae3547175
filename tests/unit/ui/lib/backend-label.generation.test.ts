/**
 * On WebGPU the backend badge says which kernels generation runs: the fused ones
 * (src/model/kernels/webgpu-decode.ts), or tfjs's own with the start-up check's reason; on other
 * backends it says nothing of them. `current()` reports no generation kernels off WebGPU.
 */
import { describe, expect, it } from 'vitest';
import { current, selectBackend } from '../../../../src/model/backend/backend';
import { type BackendState, badgeLines } from '../../../../src/ui/lib/backend-label';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

const webgpu = (generation: BackendState['generation']): BackendState => ({
  backend: 'webgpu',
  threads: null,
  binary: null,
  basis: null,
  fallbacks: [],
  generation,
});

describe('the badge’s generation kernels', () => {
  it('names the fused kernels on WebGPU, in English and Korean', () => {
    expect(badgeLines(webgpu({ fused: true }), EN)).toEqual([
      'Generation runs fused kernels: each layer of a token step in seven GPU dispatches and an untruncated draw in one, checked against tfjs’s own kernels when WebGPU started.',
    ]);
    expect(badgeLines(webgpu({ fused: true }), KO)[0]).toMatch(/^생성은 합친 커널로 돕니다/);
  });

  it('gives the check’s reason when it refused them', () => {
    const refused = webgpu({ fused: false, reason: 'the fused draw gave ids 1,2 where tfjs’s gave 1,3' });
    expect(badgeLines(refused, EN)).toEqual([
      'Generation runs tfjs’s own kernels: the fused ones failed their start-up check here (the fused draw gave ids 1,2 where tfjs’s gave 1,3).',
    ]);
    expect(badgeLines(refused, KO)[0]).toMatch(/^생성은 tfjs 자체 커널로 돕니다.*\(the fused draw gave ids 1,2/);
  });

  it('says nothing of them on other backends', async () => {
    expect(badgeLines({ ...webgpu(null), backend: 'wasm' }, EN)).toEqual([]);
    await selectBackend(['cpu']);
    expect((await current()).generation).toBeNull();
  });
});
