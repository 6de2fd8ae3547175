/**
 * Which rows a generation round computes, and how long a block it feeds: the pure arithmetic of
 * generate.ts's rounds, on sequence indices and sizes only.
 */
import type { ModelConfig } from './config';
import { bucketLength } from './kv-cache';

/** Most token rows (B·L) one cache extension may feed: each activation is then at most 2048 × 4d numbers. */
const FEED_ROWS = 2048;

/**
 * The sequences a round computes, one per row: the active ones, padded with stopped ones to the
 * next power of two at or above their count, when that is below B (a few shapes, each half the
 * last); else all B (null). A stopped row writes only its scratch row (n = 0), so writing its copy
 * back changes nothing any query sees. A round of 310 sequences with 100 still writing then costs
 * what 128 do; about half of a tool phase's round time went to rounds with fewer than a quarter
 * writing.
 */
export function narrowedRows(active: readonly boolean[]): number[] | null {
  const all = active.map((_, b) => b);
  const writing = all.filter((b) => active[b]);
  const width = bucketLength(writing.length, active.length);
  if (width >= active.length) return null;
  const stopped = all.filter((b) => !active[b]);
  return [...writing, ...stopped.slice(0, width - writing.length)];
}

/** A round's ids [steps, rows] (row i standing for sequence view[i]) as [steps, B] by sequence. */
export function idsBySequence(data: Int32Array, view: readonly number[], batch: number, steps: number): Int32Array {
  const out = new Int32Array(steps * batch);
  for (let step = 0; step < steps; step++) {
    view.forEach((b, i) => (out[step * batch + b] = data[step * view.length + i] as number));
  }
  return out;
}

/**
 * Positions fed per cache extension for `rows` sequences whose longest needs `needed` positions in
 * a cache of `capacity`: the whole padded block at once while attention's scores,
 * rows·H·L·(capacity + 1) numbers, stay within `feedScores` and the token rows rows·L within
 * FEED_ROWS; else the largest power of two that keeps both there. A pass holds all its activations
 * until it ends, and tfjs-wasm's memory never shrinks: a tool observation fed to 288 sequences at
 * once held 2.5 GB, a 32-token prompt 0.5 GB.
 */
export function feedBlockLength(
  c: ModelConfig,
  capacity: number,
  needed: number,
  rows: number,
  feedScores: number,
): number {
  const cap = Math.max(capacity, bucketLength(needed, c.contextLength));
  let block = c.contextLength;
  while (block > 1 && (rows * c.nHeads * block * (cap + 1) > feedScores || rows * block > FEED_ROWS)) block /= 2;
  return block;
}
