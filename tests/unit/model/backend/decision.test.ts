/**
 * The start-up rule between WebGPU and WASM (backend-decision.ts) on given figures, each expected
 * value worked out by hand from s = √((t_wasm / t_webgpu) · (r_webgpu / r_wasm)).
 */
import { describe, expect, it } from 'vitest';
import { decideBackend, webgpuSpeedup } from '../../../../src/model/backend/decision';

const figures = (msPerTrainStep: number, genTokensPerSec: number) => ({ figures: { msPerTrainStep, genTokensPerSec } });

describe('decideBackend', () => {
  it('picks WebGPU when it is faster at both: 400/100 = 4, 2000/500 = 4, s = 4', () => {
    expect(decideBackend(figures(400, 500), figures(100, 2000))).toEqual({ backend: 'webgpu', speedup: 4 });
  });

  it('picks WASM when WebGPU is slower at both: 300/600 = 0.5, 400/800 = 0.5, s = 0.5, WASM 2× faster', () => {
    expect(decideBackend(figures(300, 800), figures(600, 400))).toEqual({ backend: 'wasm', speedup: 2 });
  });

  it('weighs training and generation alike: 2× faster training, 3× slower generation → WASM by √1.5', () => {
    // s = √((200/100) · (300/900)) = √(2/3) ≈ 0.8165; WASM's speed-up 1/s = √1.5 ≈ 1.2247.
    const d = decideBackend(figures(200, 900), figures(100, 300));
    expect(d?.backend).toBe('wasm');
    expect(d?.speedup).toBeCloseTo(Math.sqrt(1.5), 12);
    // 3× faster training, 2× slower generation → WebGPU by √1.5.
    const e = decideBackend(figures(300, 600), figures(100, 300));
    expect(e?.backend).toBe('webgpu');
    expect(e?.speedup).toBeCloseTo(Math.sqrt(1.5), 12);
  });

  it('keeps WASM on an exact tie: (250/500) · (1800/900) = 1, s = 1 (no GPU device needed)', () => {
    expect(
      webgpuSpeedup({ msPerTrainStep: 250, genTokensPerSec: 900 }, { msPerTrainStep: 500, genTokensPerSec: 1800 }),
    ).toBe(1);
    expect(decideBackend(figures(250, 900), figures(500, 1800))).toEqual({ backend: 'wasm', speedup: 1 });
  });

  it('takes the one that finished when the other failed or ran out of time', () => {
    const late = { error: 'out of time', started: true };
    expect(decideBackend(figures(700, 800), late)).toEqual({ backend: 'wasm', speedup: null });
    expect(decideBackend({ error: 'no binary', started: false }, figures(900, 100))).toEqual({
      backend: 'webgpu',
      speedup: null,
    });
    expect(decideBackend(late, figures(900, 100))).toEqual({ backend: 'webgpu', speedup: null });
  });

  it('when neither finished, uses one that started (WASM first), and none when neither did', () => {
    const late = { error: 'out of time', started: true };
    const broken = { error: 'initialisation failed', started: false };
    expect(decideBackend(late, late)).toEqual({ backend: 'wasm', speedup: null });
    expect(decideBackend(broken, late)).toEqual({ backend: 'webgpu', speedup: null });
    expect(decideBackend(late, broken)).toEqual({ backend: 'wasm', speedup: null });
    expect(decideBackend(broken, broken)).toBeNull();
  });
});
