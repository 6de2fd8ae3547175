/**
 * The key/value cache's writes, growth and narrowing (src/model/kernels/wasm-cache-write.ts,
 * wasm-rows-gather.ts, kv-cache.ts): hand-computed rows, the WASM kernel writing in place only when nothing else holds the cache's
 * buffer, and a long generation's tensors and logits unchanged by it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cacheRowsWrite,
  CACHE_WRITE_KERNEL,
  installWasmCacheWrite,
} from '../../../../src/model/kernels/wasm-cache-write';
import { FUSED_KERNELS } from '../../../../src/model/kernels/fused-decode-ops';
import { FUSED_TRAIN_KERNELS } from '../../../../src/model/kernels/fused-train-ops';
import { STANDARDISE_KERNEL, LAYER_NORM_GRAD_KERNEL } from '../../../../src/model/kernels/wasm-layer-norm';
import { grownTensor, narrowedCache, widenedCache } from '../../../../src/model/kv-cache';
import { ROWS_GATHER_KERNEL, rowsGather } from '../../../../src/model/kernels/wasm-rows-gather';
import type { ModelConfig } from '../../../../src/model/config';
import { tf, tinyModel, tokenizer, useBackend } from '../fixtures';

const values = async (t: tf.Tensor) => Array.from(await t.data());

/** The backend's buffer behind a tensor (tfjs-backend-wasm's dataIdMap entry). */
const bufferOf = (t: tf.Tensor) =>
  (
    tf.backend() as unknown as { dataIdMap: { get(id: object): { memoryOffset: number; refCount: number } } }
  ).dataIdMap.get(t.dataId);

describe.each(['wasm', 'cpu'] as const)('cache writes on %s', (backend) => {
  beforeAll(() => useBackend(backend));

  it('sets row rows[i] to updates[i], the later of two writes to one row winning', async () => {
    // Four rows of two: rows 3, 0 and 3 again get [1, 2], [3, 4], [5, 6].
    const cache = tf.tensor2d([10, 11, 12, 13, 14, 15, 16, 17], [4, 2]);
    const rows = tf.tensor2d([3, 0, 3], [3, 1], 'int32');
    const out = cacheRowsWrite(cache, rows, tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]));
    expect(await values(out)).toEqual([3, 4, 12, 13, 14, 15, 5, 6]);
    tf.dispose([cache, rows, out]);
  });

  it('writes long rows (a whole sequence each) as blocks, the later of two writes winning', async () => {
    // Three rows of 256: row r holds r·1000 + column; rows 2, 0, 2 get 1…256, 2…257, 3…258.
    const d = 256;
    const cache = tf.tensor2d(
      Array.from({ length: 3 * d }, (_, i) => Math.floor(i / d) * 1000 + (i % d)),
      [3, d],
    );
    const rows = tf.tensor2d([2, 0, 2], [3, 1], 'int32');
    const updates = tf.tensor2d(
      Array.from({ length: 3 * d }, (_, i) => Math.floor(i / d) + 1 + (i % d)),
      [3, d],
    );
    const out = await values(cacheRowsWrite(cache, rows, updates));
    expect(out.slice(0, d)).toEqual(Array.from({ length: d }, (_, k) => 2 + k));
    expect(out.slice(d, 2 * d)).toEqual(Array.from({ length: d }, (_, k) => 1000 + k));
    expect(out.slice(2 * d)).toEqual(Array.from({ length: d }, (_, k) => 3 + k));
    tf.dispose([cache, rows, updates]);
  });

  it('gathers whole rows in the order asked, a row twice if asked twice', async () => {
    const x = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]);
    const out = rowsGather(x, tf.tensor1d([2, 0, 2], 'int32'));
    expect(out.shape).toEqual([3, 2]);
    expect(await values(out)).toEqual([5, 6, 1, 2, 5, 6]);
    tf.dispose([x, out]);
  });

  it('narrows a cache to some sequences and writes them back, growing the rest', async () => {
    // One layer, one head of width 2, capacity 1: each sequence is 2 rows of 2 (its position and
    // the scratch row). Sequence s holds 10s + 1 … 10s + 4 in keys, their negatives in values.
    const c = { nHeads: 1, dModel: 2, nLayers: 1 } as ModelConfig;
    const numbers = (sign: number) => [0, 1, 2].flatMap((s) => [1, 2, 3, 4].map((k) => sign * (10 * s + k)));
    const wide = { keys: [tf.tensor2d(numbers(1), [6, 2])], values: [tf.tensor2d(numbers(-1), [6, 2])], capacity: 1 };
    const narrow = narrowedCache(wide, c, [2, 0]);
    expect(await values(narrow.keys[0] as tf.Tensor)).toEqual([21, 22, 23, 24, 1, 2, 3, 4]);
    expect(await values(narrow.values[0] as tf.Tensor)).toEqual([-21, -22, -23, -24, -1, -2, -3, -4]);
    // The narrow cache grew to capacity 3 (4 rows per sequence) and its sequences were rewritten.
    const grown = {
      keys: [tf.tensor2d([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2], [8, 2])],
      values: [
        tf.tensor2d(
          Array.from({ length: 16 }, () => 9),
          [8, 2],
        ),
      ],
      capacity: 3,
    };
    narrow.keys.concat(narrow.values).forEach((t) => t.dispose());
    const back = widenedCache(wide, grown, c, [2, 0]);
    expect(back.capacity).toBe(3);
    expect(await values(back.keys[0] as tf.Tensor)).toEqual([
      ...[2, 2, 2, 2, 2, 2, 2, 2],
      ...[11, 12, 13, 14, 0, 0, 0, 0],
      ...[1, 1, 1, 1, 1, 1, 1, 1],
    ]);
    expect(await values(back.values[0] as tf.Tensor)).toEqual([
      ...Array(8).fill(9),
      -11,
      -12,
      -13,
      -14,
      0,
      0,
      0,
      0,
      ...Array(8).fill(9),
    ]);
    tf.dispose([...back.keys, ...back.values]);
  });

  it('grows each block of old + 1 rows to capacity + 1, the new rows zero', async () => {
    // Two blocks of 3 rows (old = 2) of width 2 → blocks of 5 rows.
    const t = tf.tensor2d([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [6, 2]);
    const grown = grownTensor(t, 2, 2, 4);
    expect(grown.shape).toEqual([10, 2]);
    expect(await values(grown)).toEqual([1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0]);
    tf.dispose([t, grown]);
  });
});

describe('the WASM cache write', () => {
  beforeAll(async () => {
    await useBackend('wasm');
    installWasmCacheWrite();
  });

  it('has a name of its own: tfjs keys kernels by name, and a WebGPU kernel of the same name would run instead on WebGPU', () => {
    const others = [...FUSED_KERNELS, ...FUSED_TRAIN_KERNELS, STANDARDISE_KERNEL, LAYER_NORM_GRAD_KERNEL];
    expect(others).not.toContain(CACHE_WRITE_KERNEL);
    expect([...others, CACHE_WRITE_KERNEL]).not.toContain(ROWS_GATHER_KERNEL);
  });

  it('gathers by its own kernel on WASM, and refuses a row outside the matrix', () => {
    expect(tf.getKernel(ROWS_GATHER_KERNEL, 'wasm')).toBeDefined();
    const x = tf.tensor2d([1, 2, 3, 4], [2, 2]);
    const outside = tf.tensor1d([1, 2], 'int32');
    expect(() => rowsGather(x, outside)).toThrow(/row 2 is outside 0 … 1/);
    tf.dispose([x, outside]);
  });

  it('is the kernel WASM runs, and writes into the cache’s own buffer when nothing else holds it', async () => {
    expect(tf.getKernel(CACHE_WRITE_KERNEL, 'wasm')).toBeDefined();
    const cache = tf.fill([3, 2], 7) as tf.Tensor2D;
    const at = bufferOf(cache).memoryOffset;
    const rows = tf.tensor2d([1], [1, 1], 'int32');
    const out = cacheRowsWrite(cache, rows, tf.tensor2d([8, 9], [1, 2]));
    expect(bufferOf(out).memoryOffset).toBe(at);
    cache.dispose();
    expect(await values(out)).toEqual([7, 7, 8, 9, 7, 7]);
    tf.dispose([rows, out]);
  });

  it('copies first when another tensor shares the buffer, which keeps its values', async () => {
    const cache = tf.fill([3, 2], 7) as tf.Tensor2D;
    const view = tf.reshape(cache, [6]);
    const rows = tf.tensor2d([2], [1, 1], 'int32');
    const out = cacheRowsWrite(cache, rows, tf.tensor2d([8, 9], [1, 2]));
    expect(bufferOf(out).memoryOffset).not.toBe(bufferOf(view).memoryOffset);
    expect(await values(out)).toEqual([7, 7, 7, 7, 8, 9]);
    expect(await values(view)).toEqual([7, 7, 7, 7, 7, 7]);
    tf.dispose([cache, view, rows, out]);
  });

  it('leaves a generation’s tokens and tensor count as tfjs’s own scatter does', async () => {
    const run = async () => {
      const before = tf.memory().numTensors;
      const model = tinyModel(5);
      const prompts = ['<|solver|>Compute 12 * 3 .', '<|questioner|>', '<|tool|>What is 3 + 4 ?\n'].map((p) =>
        tokenizer.encode(p),
      );
      const g = model.startGeneration(prompts, 3, true);
      await g.prefill();
      // 20 new tokens from prompts of 1–12 grow the cache once (16 → 32 positions).
      await g.turn({ temperature: 1, maxNewTokens: 20 });
      const tokens = prompts.map((_, b) => g.tokens(b));
      const logits = await g.lastLogits(0);
      g.dispose();
      model.dispose();
      const leaked = tf.memory().numTensors - before;
      return { tokens, logits: Array.from(logits), leaked };
    };
    const inPlace = await run();
    tf.unregisterKernel(CACHE_WRITE_KERNEL, 'wasm');
    try {
      expect(await run()).toEqual(inPlace);
    } finally {
      installWasmCacheWrite();
    }
    expect(inPlace.leaked).toBe(0);
  });
});
