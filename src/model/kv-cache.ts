/**
 * The key/value cache of generation: its layout, its growth and the index tensors of one extension
 * (which rows the new keys and values go to, which positions each query may see).
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { cacheRowsWrite } from './kernels/wasm-cache-write';
import { wasmMaskBias } from './kernels/wasm-mask-bias';
import { rowsGather } from './kernels/wasm-rows-gather';

/** Additive bias of a key position no query may see. */
export const MASKED = -1e9;

/**
 * Key/value cache: per layer, keys and values as rows [B·H·(capacity + 1), d/H], row
 * (b·H + h)·(capacity + 1) + position. The last position of each sequence and head is a scratch
 * row: padded tokens write there, and no query attends to it. The capacity starts small and
 * doubles (up to the context length) when a sequence needs more room: attention and the cache
 * writes cost in proportion to it.
 */
export type KvCache = {
  keys: tf.Tensor2D[];
  values: tf.Tensor2D[];
  /** Positions each sequence has room for. */
  capacity: number;
};

/** A zero cache for `batch` sequences with room for `capacity` positions (at most the context length). */
export function emptyCache(c: ModelConfig, batch: number, capacity = c.contextLength): KvCache {
  const cap = Math.min(capacity, c.contextLength);
  // tf.fill writes the zeros in the backend's memory; tf.zeros would build them in JavaScript and copy them over.
  const z = (): tf.Tensor2D => tf.fill([batch * c.nHeads * (cap + 1), c.dModel / c.nHeads], 0);
  return { keys: Array.from({ length: c.nLayers }, z), values: Array.from({ length: c.nLayers }, z), capacity: cap };
}

/** Smallest power of two ≥ n (at least 1), capped at `max`. */
export function bucketLength(n: number, max: number): number {
  let l = 1;
  while (l < n) l *= 2;
  return Math.min(l, max);
}

/**
 * One cache tensor with room for `old` positions per block moved into one with room for `capacity`:
 * row g·(old + 1) + j → g·(capacity + 1) + j, the new rows zero. The old scratch row becomes an
 * ordinary position, masked until written. One pad kernel in the backend's memory (zeros built in
 * JavaScript, copied to WASM and scattered into took about half a second of a classroom iteration).
 */
export function grownTensor(t: tf.Tensor2D, blocks: number, old: number, capacity: number): tf.Tensor2D {
  const d = t.shape[1];
  return tf.tidy(() =>
    tf.reshape(
      tf.pad(tf.reshape(t, [blocks, old + 1, d]), [
        [0, 0],
        [0, capacity - old],
        [0, 0],
      ]),
      [blocks * (capacity + 1), d],
    ),
  );
}

/** The index tensors every cache extension needs, built on the CPU from the cursors. */
export interface FeedPlan {
  /** [B·L]: position ids min(cursor[b] + j, contextLength − 1). */
  positions: tf.Tensor1D;
  /** [B]: the row b·L + max(n[b] − 1, 0) of the last appended token. */
  last: tf.Tensor1D;
}

/** The index tensors of one cache extension by tfjs's own kernels. */
export interface ExtendPlan extends FeedPlan {
  /** [B·H·L, 1]: the cache row each new key/value row goes to (the scratch row when j ≥ n[b]). */
  rows: tf.Tensor2D;
  /** [B, 1, L, capacity + 1]: 0 where key position ≤ cursor[b] + j and is not the scratch row, else −1e9. */
  bias: tf.Tensor4D;
}

/** The positions and last rows of appending L tokens per sequence. */
export function feedPlan(
  c: ModelConfig,
  batch: number,
  l: number,
  cursor: readonly number[],
  n: readonly number[],
): FeedPlan {
  const positions = new Int32Array(batch * l);
  const last = new Int32Array(batch);
  for (let b = 0; b < batch; b++) {
    for (let j = 0; j < l; j++) positions[b * l + j] = Math.min((cursor[b] as number) + j, c.contextLength - 1);
    last[b] = b * l + Math.max(0, (n[b] as number) - 1);
  }
  return { positions: tf.tensor1d(positions, 'int32'), last: tf.tensor1d(last, 'int32') };
}

/** The plan for appending L tokens per sequence to a cache of capacity `cap`. */
export function extendPlan(
  c: ModelConfig,
  cap: number,
  batch: number,
  l: number,
  cursor: readonly number[],
  n: readonly number[],
): ExtendPlan {
  const heads = c.nHeads;
  const rows = new Int32Array(batch * heads * l);
  // Query row b·L + j sees key positions k < min(cursor[b] + j + 1, cap): never the scratch row cap.
  const seen = new Int32Array(batch * l);
  for (let b = 0; b < batch; b++) {
    const start = cursor[b] as number;
    const count = n[b] as number;
    for (let j = 0; j < l; j++) {
      seen[b * l + j] = Math.min(start + j + 1, cap);
      for (let h = 0; h < heads; h++) {
        const base = (b * heads + h) * (cap + 1);
        rows[(b * heads + h) * l + j] = j < count ? base + start + j : base + cap;
      }
    }
  }
  return {
    ...feedPlan(c, batch, l, cursor, n),
    rows: tf.tensor2d(rows, [batch * heads * l, 1], 'int32'),
    bias: maskBias(seen, batch, l, cap + 1),
  };
}

/**
 * bias[b, 0, j, k] = 0 where k < seen[b·L + j], else MASKED: made in the backend's memory, so
 * that no array of batch · L · width numbers is written in JavaScript for every token step (in
 * Chromium, fresh memory costs about 3 µs per KB the first time it is written: 0.1 s of a classroom
 * iteration this way). On WASM by one kernel that writes into tfjs's heap; elsewhere by tfjs's
 * kernels (a comparison and a select over two fills).
 */
function maskBias(seen: Int32Array, batch: number, l: number, width: number): tf.Tensor4D {
  return tf.tidy(() => {
    const direct = wasmMaskBias(seen, width, MASKED);
    if (direct) return direct.reshape([batch, 1, l, width]);
    const shape = [batch * l, width];
    const keys = tf.range(0, width, 1, 'int32').reshape([1, width]);
    const visible = tf.less(keys, tf.tensor2d(seen, [batch * l, 1], 'int32'));
    return tf.where(visible, tf.fill(shape, 0), tf.fill(shape, MASKED)).reshape([batch, 1, l, width]);
  });
}

/** Dispose every tensor of a cache. */
export function disposeCache(cache: KvCache): void {
  tf.dispose([...cache.keys, ...cache.values]);
}

/** Rows of one cache tensor [B·H·(capacity + 1), d/H] seen as one row per sequence. */
function perSequence(t: tf.Tensor2D, c: ModelConfig, capacity: number): tf.Tensor2D {
  const block = c.nHeads * (capacity + 1);
  return tf.reshape(t, [t.shape[0] / block, block * t.shape[1]]);
}

/**
 * The cache of the sequences `view` (indices into the cache's batch) as a cache of their own, for
 * a narrower batch: sequence view[i]'s keys and values become sequence i's. A copy; `cache` is
 * left as it is.
 */
export function narrowedCache(cache: KvCache, c: ModelConfig, view: readonly number[]): KvCache {
  const pick = (t: tf.Tensor2D): tf.Tensor2D =>
    tf.tidy(() => {
      const rows = rowsGather(perSequence(t, c, cache.capacity), tf.tensor1d(Int32Array.from(view), 'int32'));
      return tf.reshape(rows, [view.length * c.nHeads * (cache.capacity + 1), t.shape[1]]);
    });
  return { keys: cache.keys.map(pick), values: cache.values.map(pick), capacity: cache.capacity };
}

/**
 * `wide` with the narrowed cache `narrow` written back: sequence i of `narrow` becomes sequence
 * view[i] of `wide` (grown first when `narrow` grew). Writes in place where the backend can
 * (cacheRowsWrite). Consumes both caches.
 */
export function widenedCache(wide: KvCache, narrow: KvCache, c: ModelConfig, view: readonly number[]): KvCache {
  const cap = narrow.capacity;
  const rows = tf.tensor2d(Int32Array.from(view), [view.length, 1], 'int32');
  const put = (into: tf.Tensor2D, from: tf.Tensor2D): tf.Tensor2D => {
    const batch = into.shape[0] / (c.nHeads * (wide.capacity + 1));
    const room = cap > wide.capacity ? grownTensor(into, batch * c.nHeads, wide.capacity, cap) : into;
    if (room !== into) into.dispose();
    // The write takes a tensor no other holds (so it can write in place): the reshaped view alone.
    const target = perSequence(room, c, cap);
    room.dispose();
    const source = perSequence(from, c, cap);
    from.dispose();
    const written = cacheRowsWrite(target, rows, source);
    target.dispose();
    source.dispose();
    const out = tf.reshape(written, [batch * c.nHeads * (cap + 1), room.shape[1]]) as tf.Tensor2D;
    written.dispose();
    return out;
  };
  const keys = wide.keys.map((t, i) => put(t, narrow.keys[i] as tf.Tensor2D));
  const values = wide.values.map((t, i) => put(t, narrow.values[i] as tf.Tensor2D));
  rows.dispose();
  return { keys, values, capacity: Math.max(cap, wide.capacity) };
}
