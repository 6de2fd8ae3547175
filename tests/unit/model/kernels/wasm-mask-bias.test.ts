/**
 * Attention's mask bias in one WASM kernel (src/model/kernels/wasm-mask-bias.ts): hand-computed
 * rows, and the same numbers as the composition of tfjs's kernels (the kernel unregistered) for
 * the plans of a generation's extensions.
 */
import { describe, expect, it } from 'vitest';
import { installWasmMaskBias, MASK_BIAS_KERNEL } from '../../../../src/model/kernels/wasm-mask-bias';
import { extendPlan, MASKED } from '../../../../src/model/kv-cache';
import type { ModelConfig } from '../../../../src/model/config';
import { TINY, tf, useBackend, withoutWasmKernels } from '../fixtures';

const CONFIG = { ...TINY } as ModelConfig;

/** The plan's bias as numbers, with or without the kernel. */
async function bias(kernel: boolean, cap: number, cursor: number[], n: number[], l: number): Promise<number[]> {
  const read = async () => {
    const plan = extendPlan(CONFIG, cap, cursor.length, l, cursor, n);
    expect(plan.bias.shape).toEqual([cursor.length, 1, l, cap + 1]);
    const out = Array.from(await plan.bias.data());
    tf.dispose([plan.bias, plan.rows, plan.positions, plan.last]);
    return out;
  };
  return kernel ? read() : withoutWasmKernels([MASK_BIAS_KERNEL], installWasmMaskBias, read);
}

describe('the mask-bias kernel on wasm', () => {
  it('lets query j of sequence b see key positions below min(cursor + j + 1, capacity) (hand-computed)', async () => {
    await useBackend('wasm');
    const M = MASKED;
    // Capacity 4 (width 5 with the scratch row). Sequence 0 at cursor 1 with 2 new tokens sees 2, then
    // 3 positions; sequence 1 at cursor 3 sees 4, then min(5, 4) = 4: never the scratch row.
    expect(await bias(true, 4, [1, 3], [2, 2], 2)).toEqual(
      [
        [0, 0, M, M, M],
        [0, 0, 0, M, M],
        [0, 0, 0, 0, M],
        [0, 0, 0, 0, M],
      ].flat(),
    );
  });

  it('writes the numbers of tfjs’s composed kernels for prompts and token steps', async () => {
    await useBackend('wasm');
    const cases: [number, number[], number[], number][] = [
      [8, [0, 0, 0], [5, 3, 8], 8],
      [16, [7, 2, 15, 0], [1, 1, 1, 0], 1],
      [32, [31, 16], [1, 1], 1],
    ];
    for (const [cap, cursor, n, l] of cases)
      expect(await bias(true, cap, cursor, n, l)).toEqual(await bias(false, cap, cursor, n, l));
  });
});
