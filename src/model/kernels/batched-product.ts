/**
 * tfjs-backend-wasm's BatchMatMul with the batched products in SIMD (batched-product.wat).
 *
 * tfjs-backend-wasm 4.22 hands a product to XNNPACK only when it is one untransposed 2-D product;
 * every batched or transposed one runs a scalar loop. Attention's products are batched
 * (q·kᵀ, p·v and their gradients), and that loop was most of a training step's kernel time.
 * This kernel computes them with four output columns per SIMD lane group, summing every output in
 * the scalar loop's own order (blocks of 48 inner indices), so its results are bit for bit those
 * of tfjs-backend-wasm: recorded runs replay unchanged.
 *
 *   out[bb, i, j] = Σ_k a[bb, i, k] · b[bb, k, j]   (a, b read transposed when the attributes say)
 *
 * The one untransposed 2-D product (XNNPACK's case) and products whose batch dimensions broadcast
 * go to tfjs-backend-wasm's own kernel.
 *
 * The module imports the memory it works in. tfjs-backend-wasm's build without threads exports its
 * memory (`Module.asm.memory`): there the kernel reads the operands where they lie and writes the
 * output tfjs allocated, copying nothing. The threaded build's memory is shared and not exported:
 * there the operands are copied into a memory of the kernel's own and the output copied back (in a
 * CPU profile of two classroom iterations in Node those copies took 1.1 s).
 */
import * as tf from '@tensorflow/tfjs';
import { BATCHED_PRODUCT_WASM } from './batched-product-wasm';
import type { WasmHeap } from './wasm-heap';
import { wasmKernelFront } from './wasm-kernel-front';

interface ProductModule {
  product: (...args: number[]) => void;
}

/** What the kernel reads of tfjs-backend-wasm's backend beyond WasmHeap. */
interface WasmBackend extends WasmHeap {
  wasm?: { asm?: { memory?: unknown } };
  disposeData(dataId: object): boolean;
}

let compiled: WebAssembly.Module | null = null;
const instances = new WeakMap<WebAssembly.Memory, ProductModule>();
/** The kernel's own memory, for a backend whose memory it cannot import (made on first need). */
let ownMemory: WebAssembly.Memory | null = null;

/** The kernel instantiated on `memory` (once per memory). */
function productOn(memory: WebAssembly.Memory): ProductModule {
  let instance = instances.get(memory);
  if (!instance) {
    compiled ??= new WebAssembly.Module(BATCHED_PRODUCT_WASM as BufferSource);
    instance = new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as ProductModule;
    instances.set(memory, instance);
  }
  return instance;
}

/** Whether the kernel works in tfjs's memory where it can (false: always copies; for tests). */
let inPlaceWanted = true;

/** Test hook: make the kernel copy its operands even where it could read them in place. */
export function setBatchedProductInPlace(wanted: boolean): void {
  inPlaceWanted = wanted;
}

/** tfjs-backend-wasm's memory when the kernel can work in it: exported and not shared (see above). */
function backendMemory(backend: WasmBackend): WebAssembly.Memory | null {
  const memory = backend.wasm?.asm?.memory;
  if (!(memory instanceof WebAssembly.Memory)) return null;
  const shared = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
  return shared ? null : memory;
}

/** Size of the kernel's own linear memory (0 while it works in tfjs's): it grows to the largest
 *  product's operands and stays. */
export function batchedProductMemoryBytes(): number {
  return ownMemory?.buffer.byteLength ?? 0;
}

/** Byte offsets of the kernel's operands in its memory, 16-byte aligned. */
function layout(batch: number, m: number, k: number, n: number) {
  const up = (bytes: number) => Math.ceil(bytes / 16) * 16;
  const b = up(4 * batch * m * k);
  const out = b + up(4 * batch * k * n);
  const scratch = out + up(4 * batch * m * n);
  return { a: 0, b, out, scratch, end: scratch + 4 * k * n };
}

/**
 * Below this many rows of a, a b stored transposed is read where it lies (four rows of bᵀ turned
 * into lanes by shuffles) instead of copied first. One row against 129 keys of 16 (a token step's
 * q·kᵀ), 640 batches: 705–711 µs with the copy, 239 µs without; 4 rows 1,003–1,011 against 860–917
 * µs; 6 rows 1,218–1,238 against 1,313–1,340 µs: past four rows the copy pays for itself.
 */
const DIRECT_ROWS = 5;

/** The product on this kernel, or null when tfjs-backend-wasm's own kernel should run it. */
function batchedProduct(
  a: tf.TensorInfo,
  b: tf.TensorInfo,
  transposeA: boolean,
  transposeB: boolean,
  heap: WasmBackend,
) {
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || a.shape.length < 2 || b.shape.length < 2) return null;
  const outerA = a.shape.slice(0, -2);
  const outerB = b.shape.slice(0, -2);
  if (outerA.length !== outerB.length || outerA.some((d, i) => d !== outerB[i])) return null;
  const batch = outerA.reduce((p, d) => p * d, 1);
  if (batch === 1 && !transposeA && !transposeB) return null;
  const [ra, ca] = a.shape.slice(-2) as [number, number];
  const [rb, cb] = b.shape.slice(-2) as [number, number];
  const m = transposeA ? ca : ra;
  const k = transposeA ? ra : ca;
  const n = transposeB ? rb : cb;
  if ((transposeB ? cb : rb) !== k) return null; // tfjs's own kernel words the error
  // Element strides of a (row, inner index) and of b (inner index, column) as stored.
  const [aRow, aInner] = transposeA ? [1, m] : [k, 1];
  const [bInner, bCol] = transposeB ? [1, k] : [n, 1];
  const out = heap.makeOutput([...outerA, m, n], 'float32');
  const direct = transposeB && m < DIRECT_ROWS ? 1 : 0;
  const packs = !direct && (bCol !== 1 || bInner !== n);
  const memory = inPlaceWanted ? backendMemory(heap) : null;
  if (memory) {
    // A b whose rows are not contiguous is packed (the .wat's test) into a scratch buffer of tfjs's, freed at once.
    const scratch = packs ? heap.makeOutput([k * n], 'float32') : null;
    const offset = (t: tf.TensorInfo) => heap.typedArrayFromHeap(t).byteOffset;
    productOn(memory).product(
      offset(a),
      offset(b),
      offset(out),
      scratch ? offset(scratch) : 0,
      batch,
      m,
      k,
      n,
      aRow,
      aInner,
      bInner,
      bCol,
      direct,
    );
    if (scratch) heap.disposeData(scratch.dataId);
    return out;
  }
  const at = layout(batch, m, k, n);
  ownMemory ??= new WebAssembly.Memory({ initial: 1 });
  const missing = at.end - ownMemory.buffer.byteLength;
  if (missing > 0) ownMemory.grow(Math.ceil(missing / 65536));
  const mem = new Float32Array(ownMemory.buffer);
  mem.set(heap.typedArrayFromHeap(a), at.a / 4);
  mem.set(heap.typedArrayFromHeap(b), at.b / 4);
  productOn(ownMemory).product(at.a, at.b, at.out, at.scratch, batch, m, k, n, aRow, aInner, bInner, bCol, direct);
  heap.typedArrayFromHeap(out).set(mem.subarray(at.out / 4, at.out / 4 + batch * m * n));
  return out;
}

const front = wasmKernelFront(
  'BatchMatMul',
  (args) => {
    const { a, b } = args.inputs as { a: tf.TensorInfo; b: tf.TensorInfo };
    const { transposeA, transposeB } = args.attrs as { transposeA: boolean; transposeB: boolean };
    return batchedProduct(a, b, transposeA, transposeB, args.backend as unknown as WasmBackend);
  },
  () => WebAssembly.validate(BATCHED_PRODUCT_WASM as BufferSource),
);

/** Whether this kernel is the one tfjs runs for BatchMatMul on the WASM backend. */
export const batchedProductInstalled = front.installed;

/**
 * Puts this kernel in front of tfjs-backend-wasm's BatchMatMul (once; the products it does not
 * take still reach the original). False when there is no such kernel or no WebAssembly SIMD.
 */
export const installBatchedProduct = front.install;
