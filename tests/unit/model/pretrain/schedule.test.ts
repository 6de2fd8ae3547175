/** The pre-training learning-rate schedule at hand-computed points. */
import { expect, it } from 'vitest';
import { warmupCosine } from '../../../../src/model/pretrain/schedule';

it('warms up linearly, then decays by a cosine to a tenth of the peak', () => {
  // peak 1, warm-up 10, 110 steps: decay spans 100 steps
  expect(warmupCosine(0, 110, 1, 10)).toBeCloseTo(0.1, 12);
  expect(warmupCosine(9, 110, 1, 10)).toBeCloseTo(1, 12);
  expect(warmupCosine(10, 110, 1, 10)).toBeCloseTo(1, 12); // cos 0 = 1 → 0.1 + 0.9
  expect(warmupCosine(60, 110, 1, 10)).toBeCloseTo(0.55, 12); // cos(π/2) = 0 → 0.1 + 0.45
  expect(warmupCosine(110, 110, 1, 10)).toBeCloseTo(0.1, 12); // cos π = −1
  expect(warmupCosine(60, 110, 0.003, 10)).toBeCloseTo(0.00165, 12);
});
