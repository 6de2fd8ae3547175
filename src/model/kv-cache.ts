/**
 * The key/value cache of generation: its layout, its growth and the index tensors of one extension
 * (which rows the new keys and values go to, which positions each query may see).
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';

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
  const bias = new Float32Array(batch * l * (cap + 1)).fill(MASKED);
  for (let b = 0; b < batch; b++) {
    const start = cursor[b] as number;
    const count = n[b] as number;
    for (let j = 0; j < l; j++) {
      bias.fill(0, (b * l + j) * (cap + 1), (b * l + j) * (cap + 1) + Math.min(start + j + 1, cap));
      for (let h = 0; h < heads; h++) {
        const base = (b * heads + h) * (cap + 1);
        rows[(b * heads + h) * l + j] = j < count ? base + start + j : base + cap;
      }
    }
  }
  return {
    ...feedPlan(c, batch, l, cursor, n),
    rows: tf.tensor2d(rows, [batch * heads * l, 1], 'int32'),
    bias: tf.tensor4d(bias, [batch, 1, l, cap + 1]),
  };
}

/** Dispose every tensor of a cache. */
export function disposeCache(cache: KvCache): void {
  tf.dispose([...cache.keys, ...cache.values]);
}
