/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna), 128-bit state, seeded through
 * splitmix32 so that nearby seeds give unrelated streams. The state is four 32-bit words and can be
 * saved and restored exactly, so a run resumed from a checkpoint draws the same numbers.
 */
export type RngState = [number, number, number, number];

function splitmix32(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

export class Rng {
  private s: RngState;

  constructor(seed: number | RngState) {
    if (Array.isArray(seed)) {
      if (seed.length !== 4 || seed.every((w) => w === 0)) {
        throw new Error('Rng state must be four 32-bit words, not all zero.');
      }
      this.s = [seed[0] >>> 0, seed[1] >>> 0, seed[2] >>> 0, seed[3] >>> 0];
    } else {
      if (!Number.isFinite(seed)) throw new Error(`Rng seed must be a finite number (got ${seed}).`);
      const next = splitmix32(Math.trunc(seed));
      this.s = [next(), next(), next(), next()];
    }
  }

  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] = (s[2] ^ s[0]) >>> 0;
    s[3] = (s[3] ^ s[1]) >>> 0;
    s[1] = (s[1] ^ s[2]) >>> 0;
    s[0] = (s[0] ^ s[3]) >>> 0;
    s[2] = (s[2] ^ t) >>> 0;
    s[3] = rotl(s[3], 11);
    return result;
  }

  /** Uniform float in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n), n ≥ 1, without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
      throw new Error(`Rng.int needs an integer bound in [1, 2^32] (got ${n}).`);
    }
    const limit = 4294967296 - (4294967296 % n);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % n;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  intBetween(lo: number, hi: number): number {
    if (hi < lo) throw new Error(`Rng.intBetween: empty range [${lo}, ${hi}].`);
    return lo + this.int(hi - lo + 1);
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: cannot pick from an empty list.');
    return items[this.int(items.length)] as T;
  }

  /** Index drawn with probability proportional to weights[i] (weights ≥ 0, sum > 0). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) {
      if (!(w >= 0) || !Number.isFinite(w)) throw new Error(`Rng.weightedIndex: bad weight ${w}.`);
      total += w;
    }
    if (total <= 0) throw new Error('Rng.weightedIndex: weights sum to zero.');
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i] as number;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }

  /** Fisher–Yates shuffle of a copy. */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** A new generator whose stream is derived from this one (advances this one by 4 draws). */
  fork(): Rng {
    return new Rng([this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32() | 1]);
  }

  /** A copy of the state, for checkpoints. */
  getState(): RngState {
    return [...this.s];
  }

  setState(state: RngState): void {
    this.s = new Rng(state).s;
  }
}
