/**
 * The one rule by which the main lab and the repair lab skip WebGPU (src/model/backend/choice.ts):
 * a fallback adapter (SwiftShader) runs on the CPU and is skipped unless asked for by name. A fake
 * navigator.gpu stands for the browser's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectUsableBackend, webGpuSkipped } from '../../../../src/model/backend/choice';

function fakeGpu(adapter: unknown): void {
  vi.stubGlobal('navigator', { ...globalThis.navigator, gpu: { requestAdapter: async () => adapter } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebGPU skipped', () => {
  it('for a fallback adapter, unless kept (the harness pages measure it)', async () => {
    fakeGpu({ info: { isFallbackAdapter: true, vendor: 'google', architecture: 'swiftshader' } });
    expect(await webGpuSkipped()).toEqual({
      absent: 'fallback-adapter',
      detail: 'the only adapter is a fallback adapter (google swiftshader) that runs on the CPU',
    });
    expect(await webGpuSkipped(true)).toBeNull();
  });
  it('for no adapter, and not for a real one', async () => {
    fakeGpu(null);
    expect((await webGpuSkipped())?.absent).toBe('no-adapter');
    fakeGpu({ info: { isFallbackAdapter: false, vendor: 'nvidia' } });
    expect(await webGpuSkipped()).toBeNull();
  });
  it('the repair lab’s choice leaves a fallback adapter out and says why first', async () => {
    fakeGpu({ info: { isFallbackAdapter: true } });
    const choice = await selectUsableBackend(['webgpu', 'cpu'], null);
    expect(choice.backend).toBe('cpu');
    expect(choice.fallbacks[0]).toEqual({
      backend: 'webgpu',
      reason: 'the only adapter is a fallback adapter that runs on the CPU',
    });
  });
});
