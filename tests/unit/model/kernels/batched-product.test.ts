/**
 * The SIMD batched product (src/model/kernels/batched-product.ts) that stands in front of
 * tfjs-backend-wasm's BatchMatMul: bit for bit the scalar loop of tfjs-backend-wasm 4.22
 * (batch_mat_mul_impl.cc, slow_batch_matmul: each output a sum from 0 per block of 48 inner
 * indices, in order, added to the output after each block), written here again in float32
 * arithmetic, both where it reads the operands in tfjs's memory and where it copies them into its
 * own; within float32 tolerance of the pure-JS CPU backend, values and gradients; and the
 * generated module is what its WebAssembly text assembles to.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import {
  batchedProductInstalled,
  batchedProductMemoryBytes,
  setBatchedProductInPlace,
} from '../../../../src/model/kernels/batched-product';
import { BATCHED_PRODUCT_WASM } from '../../../../src/model/kernels/batched-product-wasm';
import { assembleKernel, KERNELS } from '../../../../scripts/kernels';
import { maxAbsDiff, tf, useBackend } from '../fixtures';

const f32 = Math.fround;
const BLOCK = 48;

/** tfjs-backend-wasm 4.22's scalar batched product, in its order of float32 operations. */
function scalarLoop(
  a: Float32Array,
  b: Float32Array,
  [batch, m, k, n]: [number, number, number, number],
  transposeA: boolean,
  transposeB: boolean,
): Float32Array {
  const out = new Float32Array(batch * m * n);
  const at = (bb: number, i: number, kk: number) => a[bb * m * k + (transposeA ? kk * m + i : i * k + kk)] as number;
  const bt = (bb: number, kk: number, j: number) => b[bb * k * n + (transposeB ? j * k + kk : kk * n + j)] as number;
  for (let bb = 0; bb < batch; bb++)
    for (let k0 = 0; k0 < k; k0 += BLOCK)
      for (let i = 0; i < m; i++)
        for (let j = 0; j < n; j++) {
          let sum = 0;
          for (let kk = k0; kk < Math.min(k0 + BLOCK, k); kk++) sum = f32(sum + f32(at(bb, i, kk) * bt(bb, kk, j)));
          const o = (bb * m + i) * n + j;
          out[o] = f32((out[o] as number) + sum);
        }
  return out;
}

function randomValues(rng: Rng, size: number): Float32Array {
  return Float32Array.from({ length: size }, () => (rng.next() - 0.5) * 4);
}

/** [batch, m, k, n, transposeA, transposeB]: attention's shapes in training and in a token step,
 *  inner sizes over one and two blocks of 48, widths that are not multiples of 16 or 4. */
const CASES: [number, number, number, number, boolean, boolean][] = [
  [64, 64, 16, 64, false, true], // q·kᵀ, training
  [64, 64, 64, 16, false, false], // p·v, two blocks
  [64, 64, 64, 16, true, false], // pᵀ·dy
  [64, 16, 64, 64, true, false],
  [32, 1, 16, 37, false, true], // a token step's q·kᵀ over 37 cached keys
  [32, 1, 100, 16, false, false], // three blocks
  [4, 7, 130, 9, false, false],
  [3, 50, 50, 50, true, true],
  [1, 5, 6, 7, true, false], // one transposed 2-D product
  // A b stored transposed and fewer than five rows of a: read in place, four columns by shuffles.
  [5, 3, 50, 11, false, true], // blocks of 48 and 2 inner indices: whole quads, then a rest of two
  [2, 4, 103, 6, true, true], // a transposed as well; a last block of 7: one quad and a rest of three
  [6, 2, 3, 5, false, true], // fewer than four inner indices: the rest alone
];

describe('batched product (WASM SIMD)', () => {
  beforeAll(() => useBackend('wasm'));

  // Without it every check below would pass on tfjs-backend-wasm's own loop.
  it('is the kernel the WASM backend runs for BatchMatMul', () => {
    expect(batchedProductInstalled()).toBe(true);
  });

  const named = CASES.map((c) => ({
    name: `${c[0]} × [${c[1]}, ${c[2]}] · [${c[2]}, ${c[3]}]${c[4] ? ', a stored transposed' : ''}${c[5] ? ', b stored transposed' : ''}`,
    c,
  }));
  /** The case's product on the kernel against the scalar loop: the index of the first differing output (-1: none). */
  async function firstDifference([batch, m, k, n, ta, tb]: (typeof CASES)[number]): Promise<number> {
    const rng = new Rng(batch * 1000 + m + k + n);
    const a = randomValues(rng, batch * m * k);
    const b = randomValues(rng, batch * k * n);
    const product = tf.matMul(
      tf.tensor3d(a, ta ? [batch, k, m] : [batch, m, k]),
      tf.tensor3d(b, tb ? [batch, n, k] : [batch, k, n]),
      ta,
      tb,
    );
    expect(product.shape).toEqual([batch, m, n]);
    const got = (await product.data()) as Float32Array;
    const want = scalarLoop(a, b, [batch, m, k, n], ta, tb);
    return got.findIndex((v, i) => !Object.is(v, want[i]));
  }

  // Node's tfjs-backend-wasm is the build without threads, whose memory the kernel works in.
  it.each(named)('$name: bit for bit the scalar loop, in tfjs’s memory', async ({ c }) => {
    expect(await firstDifference(c)).toBe(-1);
  });

  it('reads the operands where they lie when tfjs exports its memory: its own memory is never made', () => {
    expect(batchedProductMemoryBytes()).toBe(0);
  });

  it('packs a b stored transposed into a scratch buffer of tfjs’s, freed after, and writes nowhere else', async () => {
    const backend = tf.backend() as unknown as { numDataIds(): number; wasm: { HEAPU8: Uint8Array } };
    const before = backend.numDataIds();
    const rng = new Rng(3);
    // Nine rows of a: enough that b is packed rather than read in place.
    const [a, b] = [
      tf.tensor3d(randomValues(rng, 4 * 9 * 5), [4, 9, 5]),
      tf.tensor3d(randomValues(rng, 4 * 6 * 5), [4, 6, 5]),
    ];
    // The heap's first bytes belong to no tensor: a pack given no scratch would write its [5, 6] there.
    const start = backend.wasm.HEAPU8.slice(0, 4096);
    const product = tf.matMul(a, b, false, true);
    const got = (await product.data()) as Float32Array;
    expect(Buffer.from(backend.wasm.HEAPU8.subarray(0, 4096)).equals(Buffer.from(start))).toBe(true);
    const want = scalarLoop(
      (await a.data()) as Float32Array,
      (await b.data()) as Float32Array,
      [4, 9, 5, 6],
      false,
      true,
    );
    expect(got.findIndex((v, i) => !Object.is(v, want[i]))).toBe(-1);
    tf.dispose([a, b, product]);
    expect(backend.numDataIds()).toBe(before);
  });

  it('reads a b stored transposed in place below five rows of a, and packs it from five on', () => {
    const backend = tf.backend() as unknown as { makeOutput: (...args: unknown[]) => unknown };
    const made = (rows: number) => {
      const original = backend.makeOutput;
      let calls = 0;
      backend.makeOutput = (...args: unknown[]) => {
        calls++;
        return original.apply(backend, args);
      };
      try {
        tf.tidy(() => tf.matMul(tf.ones([2, rows, 5]), tf.ones([2, 6, 5]), false, true));
      } finally {
        backend.makeOutput = original;
      }
      return calls;
    };
    // The output alone, or the output and the packed b's scratch buffer.
    expect([1, 4].map(made)).toEqual([1, 1]);
    expect([5, 9].map(made)).toEqual([2, 2]);
  });

  it.each(named)('$name: bit for bit the scalar loop, copied into its own memory', async ({ c }) => {
    setBatchedProductInPlace(false);
    try {
      expect(await firstDifference(c)).toBe(-1);
    } finally {
      setBatchedProductInPlace(true);
    }
  });

  it("copying, holds the largest product's operands in its own memory: a, b and the output, 4 bytes each", () => {
    // The first case above: 64 × ([64, 16] + [16, 64] + [64, 64]) floats.
    expect(batchedProductMemoryBytes()).toBeGreaterThanOrEqual(4 * 64 * (64 * 16 + 16 * 64 + 64 * 64));
  });

  it('keeps leading batch dimensions, and leaves broadcast batches and the plain 2-D product to tfjs', async () => {
    const rng = new Rng(5);
    const cases: [number[], number[], boolean, boolean][] = [
      [[2, 3, 4, 5], [2, 3, 5, 6], false, false],
      [[2, 3, 4, 5], [1, 5, 6], false, false], // b broadcast over a's batches
      [[7, 5], [5, 3], false, false], // XNNPACK's case
    ];
    const results = [];
    for (const [sa, sb, ta, tb] of cases) {
      const a = randomValues(
        rng,
        sa.reduce((p, d) => p * d, 1),
      );
      const b = randomValues(
        rng,
        sb.reduce((p, d) => p * d, 1),
      );
      const product = tf.matMul(tf.tensor(a, sa), tf.tensor(b, sb), ta, tb);
      results.push({ shape: product.shape, values: (await product.data()) as Float32Array, a, b, sa, sb });
    }
    await useBackend('cpu');
    try {
      for (const r of results) {
        const want = tf.matMul(tf.tensor(r.a, r.sa), tf.tensor(r.b, r.sb));
        expect(r.shape).toEqual(want.shape);
        expect(maxAbsDiff(r.values, (await want.data()) as Float32Array)).toBeLessThan(1e-5);
      }
    } finally {
      await useBackend('wasm');
    }
  });

  it("gives attention's gradients within float32 tolerance of the CPU backend", async () => {
    const rng = new Rng(9);
    const [q, k, v] = [0, 1, 2].map(() => randomValues(rng, 8 * 12 * 16));
    const shape: [number, number, number] = [8, 12, 16];
    const attend = (x: tf.Tensor3D, y: tf.Tensor3D, z: tf.Tensor3D) =>
      tf.sum(tf.mul(tf.matMul(tf.softmax(tf.matMul(x, y, false, true)), z), tf.range(0, 16).div(16)));
    const grads = async () => {
      const g = tf.grads(attend as (...t: tf.Tensor[]) => tf.Tensor)([q, k, v].map((d) => tf.tensor3d(d!, shape)));
      return Promise.all(g.map(async (t) => (await t.data()) as Float32Array));
    };
    const onWasm = await grads();
    await useBackend('cpu');
    try {
      const onCpu = await grads();
      onWasm.forEach((g, i) => expect(maxAbsDiff(g, onCpu[i]!)).toBeLessThan(1e-4));
    } finally {
      await useBackend('wasm');
    }
  });

  it('is loaded from the module its WebAssembly text assembles to', async () => {
    const kernel = KERNELS.find((x) => x.exportName === 'BATCHED_PRODUCT_WASM')!;
    const bytes = await assembleKernel(readFileSync(kernel.wat, 'utf8'));
    expect(Buffer.from(BATCHED_PRODUCT_WASM).equals(Buffer.from(bytes))).toBe(true);
  });
});
