/**
 * Batched, seeded generation with a key/value cache, resumable after the environment appends text
 * (multi-turn tool use). Shapes stay fixed: B sequences always, appended blocks padded to a power
 * of two, the cache always [B, contextLength, dModel].
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../core/random';
import type { Tokenizer } from '../core/tokenizer';
import type { ModelConfig } from './config';
import { type KvCache, disposeCache, emptyCache, forwardExtend, forwardFull } from './forward';
import type { Params } from './params';
import { type SamplingOptions, sampleToken } from './sampling';

export interface TurnOptions extends SamplingOptions {
  /** Most tokens one sequence may add in this turn. */
  maxNewTokens: number;
  /** A sequence stops when the text it generated in this turn ends with one of these. */
  stopStrings?: readonly string[];
  /** Keep going past end-of-text (benchmarks that need a fixed length). Default false. */
  ignoreEos?: boolean;
}

export type StopReason = 'eos' | 'stop-string' | 'max-tokens' | 'context';

export interface TurnOutput {
  /** Tokens generated in this turn (the stop token included). */
  tokens: number[];
  text: string;
  stop: StopReason;
}

interface SequenceState {
  tokens: number[];
  /** Tokens already in the cache (or, without cache, already accounted for). */
  cursor: number;
  active: boolean;
}

/** Smallest power of two ≥ n (at least 1), capped at `max`. */
export function bucketLength(n: number, max: number): number {
  let l = 1;
  while (l < n) l *= 2;
  return Math.min(l, max);
}

/** One batch of sequences being generated, with its cache, sampling stream and per-sequence state. */
export class Generation {
  private readonly seqs: SequenceState[];
  private cache: KvCache | null;
  private readonly logits: Float32Array[];
  private readonly rng: Rng;

  /**
   * Sequences start as the given prompts (each non-empty, shorter than the context). `useCache`
   * false recomputes the whole padded context for every token (the reference the cache must equal).
   */
  constructor(
    private readonly params: Params,
    private readonly config: ModelConfig,
    private readonly tokenizer: Tokenizer,
    prompts: readonly (readonly number[])[],
    seed: number | Rng,
    private readonly useCache = true,
  ) {
    for (const [b, p] of prompts.entries()) {
      if (p.length === 0 || p.length >= config.contextLength) {
        throw new Error(`Generation: prompt ${b} has ${p.length} tokens; need 1 … ${config.contextLength - 1}.`);
      }
    }
    this.seqs = prompts.map((p) => ({ tokens: [...p], cursor: 0, active: true }));
    this.logits = prompts.map(() => new Float32Array(config.vocabSize));
    this.rng = typeof seed === 'number' ? new Rng(seed) : seed;
    this.cache = useCache ? emptyCache(config, prompts.length) : null;
  }

  /** Every token of sequence b so far (prompt, generated and appended). */
  tokens(b: number): number[] {
    return [...this.state(b).tokens];
  }

  /** Append environment tokens (e.g. a tool observation) to sequence b and let it generate again. */
  append(b: number, tokens: readonly number[]): void {
    const s = this.state(b);
    if (s.tokens.length + tokens.length >= this.config.contextLength) {
      throw new Error(`Generation.append: sequence ${b} would reach the context length ${this.config.contextLength}.`);
    }
    s.tokens.push(...tokens);
    s.active = true;
  }

  /**
   * Every active sequence samples until it stops: end of text, a stop string at the end of this
   * turn's text, `maxNewTokens`, or a full context. Pending tokens (prompt, appended text, the
   * previous turn's last token) are fed first, in one padded block.
   */
  async turn(opts: TurnOptions): Promise<(TurnOutput | null)[]> {
    const starts = this.seqs.map((s) => s.tokens.length);
    const stops: (StopReason | null)[] = this.seqs.map(() => null);
    const ran = this.seqs.map((s) => s.active);
    const ctx = this.config.contextLength;
    for (const [b, s] of this.seqs.entries()) {
      if (s.active && s.tokens.length >= ctx) {
        s.active = false;
        stops[b] = 'context';
      }
    }
    while (this.seqs.some((s) => s.active)) {
      await this.feed();
      for (const [b, s] of this.seqs.entries()) {
        if (!s.active) continue;
        const token = sampleToken(this.logits[b] as Float32Array, opts, this.rng);
        s.tokens.push(token);
        const generated = s.tokens.length - (starts[b] as number);
        const text = this.tokenizer.decode(s.tokens.slice(starts[b]));
        let stop: StopReason | null = null;
        if (token === this.tokenizer.eosId && !opts.ignoreEos) stop = 'eos';
        else if (opts.stopStrings?.some((x) => text.endsWith(x))) stop = 'stop-string';
        else if (generated >= opts.maxNewTokens) stop = 'max-tokens';
        else if (s.tokens.length >= ctx) stop = 'context';
        if (stop) {
          s.active = false;
          stops[b] = stop;
        }
      }
    }
    return this.seqs.map((s, b) => {
      if (!ran[b]) return null;
      const tokens = s.tokens.slice(starts[b]);
      return { tokens, text: this.tokenizer.decode(tokens), stop: stops[b] as StopReason };
    });
  }

  /** Run the model over every active sequence's pending tokens and keep its next-token logits. */
  private async feed(): Promise<void> {
    const pending = this.seqs.map((s) => (s.active ? s.tokens.length - s.cursor : 0));
    const longest = Math.max(...pending);
    if (longest === 0) return;
    const batch = this.seqs.length;
    const { vocabSize, contextLength } = this.config;
    let out: tf.Tensor2D;
    if (this.cache) {
      const l = bucketLength(longest, contextLength);
      const ids = new Int32Array(batch * l).fill(this.tokenizer.padId);
      this.seqs.forEach((s, b) => ids.set(s.tokens.slice(s.cursor, s.cursor + (pending[b] as number)), b * l));
      const old = this.cache;
      const cursors = this.seqs.map((s) => s.cursor);
      const result = tf.tidy(() =>
        forwardExtend(this.params, this.config, old, tf.tensor2d(ids, [batch, l], 'int32'), cursors, pending),
      );
      disposeCache(old);
      this.cache = result.cache;
      out = result.logits;
    } else {
      const ids = new Int32Array(batch * contextLength).fill(this.tokenizer.padId);
      const pick = new Float32Array(batch * contextLength);
      this.seqs.forEach((s, b) => {
        ids.set(s.tokens, b * contextLength);
        pick[b * contextLength + s.tokens.length - 1] = 1;
      });
      out = tf.tidy(() => {
        const all = forwardFull(this.params, this.config, tf.tensor2d(ids, [batch, contextLength], 'int32'), false);
        const last = tf.matMul(tf.tensor3d(pick, [batch, 1, contextLength]), all);
        return tf.reshape(last, [batch, vocabSize]) as tf.Tensor2D;
      });
    }
    const data = await out.data();
    out.dispose();
    this.seqs.forEach((s, b) => {
      if ((pending[b] as number) === 0) return;
      (this.logits[b] as Float32Array).set(data.subarray(b * vocabSize, (b + 1) * vocabSize));
      s.cursor = s.tokens.length;
    });
  }

  /** The next-token logits of sequence b after its last fed token (for tests and inspection). */
  lastLogits(b: number): Float32Array {
    return new Float32Array(this.logits[b] as Float32Array);
  }

  /** Feed pending tokens without sampling (e.g. to read logits after a prompt). */
  async prefill(): Promise<void> {
    await this.feed();
  }

  private state(b: number): SequenceState {
    const s = this.seqs[b];
    if (!s) throw new Error(`Generation: no sequence ${b} (batch of ${this.seqs.length}).`);
    return s;
  }

  /** Free the cache tensors. */
  dispose(): void {
    if (this.cache) disposeCache(this.cache);
    this.cache = null;
  }
}
