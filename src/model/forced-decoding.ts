/**
 * Forced decoding (teacher forcing), the way browser inference benches compare two backends: both
 * read the same token sequences, and at every answer position each names its top-1 next token;
 * the share of positions where the two name the same token is their agreement.
 *
 * For a sequence s = (s_0 … s_{L−1}) whose answer starts at index a (the prompt is s_0 … s_{a−1}):
 *   top1(s)_j = argmax_v z_{a−1+j, v},   j = 0 … L−a−1,
 * where z_t are the logits after s_0 … s_t (forwardFull's row t predicts token t + 1), so top1_j
 * is the model's first choice for answer token j given the prompt and the true answer tokens
 * before it. The rows run in fixed batches of `FORCED_ROWS` sequences padded to the context length.
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config';
import { forwardFull } from './forward';
import type { Params } from './params';

/** Sequences per forward pass (the last batch is padded with rows of padding). */
export const FORCED_ROWS = 8;

/** A sequence to read: its tokens and the index where its answer starts (1 ≤ from < tokens.length). */
export interface ForcedSequence {
  tokens: readonly number[];
  from: number;
}

/** top1(s) for every sequence (see the module comment); tokens beyond the context length are cut. */
export async function forcedTop1(
  p: Params,
  c: ModelConfig,
  padId: number,
  sequences: readonly ForcedSequence[],
): Promise<number[][]> {
  const T = c.contextLength;
  const out: number[][] = [];
  for (let start = 0; start < sequences.length; start += FORCED_ROWS) {
    const chunk = sequences.slice(start, start + FORCED_ROWS);
    const ids = new Int32Array(FORCED_ROWS * T).fill(padId);
    chunk.forEach((s, r) => ids.set(s.tokens.slice(0, T), r * T));
    const best = tf.tidy(() => tf.argMax(forwardFull(p, c, tf.tensor2d(ids, [FORCED_ROWS, T], 'int32'), false), 2));
    const data = (await best.data()) as Int32Array;
    best.dispose();
    chunk.forEach((s, r) => {
      const end = Math.min(s.tokens.length, T);
      const row: number[] = [];
      for (let t = s.from - 1; t < end - 1; t++) row.push(data[r * T + t] as number);
      out.push(row);
    });
  }
  return out;
}

/** How often two backends' top-1 tokens agree, position by position. */
export interface Agreement {
  agree: number;
  positions: number;
  /** agree / positions. */
  rate: number;
}

/** The agreement of two `forcedTop1` results over the same sequences (they must have the same shape). */
export function top1Agreement(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): Agreement {
  if (a.length !== b.length) throw new Error(`top1Agreement: ${a.length} sequences against ${b.length}.`);
  let agree = 0;
  let positions = 0;
  a.forEach((row, i) => {
    const other = b[i] as readonly number[];
    if (row.length !== other.length)
      throw new Error(`top1Agreement: sequence ${i} has ${row.length} positions against ${other.length}.`);
    positions += row.length;
    row.forEach((t, j) => (agree += t === other[j] ? 1 : 0));
  });
  return { agree, positions, rate: positions === 0 ? 0 : agree / positions };
}
