/**
 * selectBackend honours the start-up limit it is given (the engine bench gives WebGPU on SwiftShader
 * minutes): a backend whose start never settles is given up after that limit, not the default 60 s.
 */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { type BackendName, selectBackend } from '../../../../src/model/backend/backend';

describe('selectBackend', () => {
  it('gives up a backend that never starts after initLimitMs', async () => {
    tf.registerBackend('never', () => new Promise<never>(() => undefined));
    const t0 = performance.now();
    await expect(selectBackend(['never' as BackendName], { initLimitMs: 1500 })).rejects.toThrow(
      'no backend available (never: initialisation did not finish within 2 s)',
    );
    expect(performance.now() - t0).toBeLessThan(5000);
    tf.removeBackend('never');
  });
});
