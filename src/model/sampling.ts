/** Drawing the next token from one row of logits, on the JS side with the seeded core Rng. */
import type { Rng } from '../core/random';

export interface SamplingOptions {
  /** Softmax temperature; 0 = greedy (argmax, ties to the lowest id). */
  temperature: number;
  /** Keep only the k most likely tokens (0 or ≥ vocabulary size = all). Default 0. */
  topK?: number;
  /** Nucleus: keep the smallest most-likely set whose probability reaches p. Default 1. */
  topP?: number;
}

/**
 * One token id. With z = logits / T: keep the top-k ids by z (ties to the lower id), take
 * p = softmax(z) over them, keep the shortest prefix (most likely first) whose mass reaches topP,
 * renormalise and draw once with `rng.next()`.
 */
export function sampleToken(logits: ArrayLike<number>, opts: SamplingOptions, rng: Rng): number {
  const v = logits.length;
  if (v === 0) throw new Error('sampleToken: empty logits.');
  if (!(opts.temperature >= 0)) throw new Error(`sampleToken: temperature must be ≥ 0 (got ${opts.temperature}).`);
  const order = Array.from({ length: v }, (_, i) => i).sort(
    (a, b) => (logits[b] as number) - (logits[a] as number) || a - b,
  );
  if (opts.temperature === 0) return order[0] as number;
  const k = opts.topK && opts.topK > 0 ? Math.min(opts.topK, v) : v;
  const kept = order.slice(0, k);
  const top = (logits[kept[0] as number] as number) / opts.temperature;
  const weights = kept.map((id) => Math.exp((logits[id] as number) / opts.temperature - top));
  const total = weights.reduce((a, b) => a + b, 0);
  const topP = opts.topP ?? 1;
  let cut = kept.length;
  if (topP < 1) {
    let mass = 0;
    for (let i = 0; i < kept.length; i++) {
      mass += (weights[i] as number) / total;
      if (mass >= topP) {
        cut = i + 1;
        break;
      }
    }
  }
  const nucleus = weights.slice(0, cut);
  const sum = nucleus.reduce((a, b) => a + b, 0);
  let u = rng.next() * sum;
  for (let i = 0; i < cut; i++) {
    u -= nucleus[i] as number;
    if (u < 0) return kept[i] as number;
  }
  return kept[cut - 1] as number;
}
