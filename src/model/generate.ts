/**
 * Batched, seeded generation with a key/value cache, resumable after the environment appends text
 * (multi-turn tool use). Tokens are drawn on the backend (sampling.ts) in rounds of
 * DECODE_ROUND steps: a round feeds the pending tokens, then feeds each drawn token back without
 * leaving the backend, and reads back the round's B × DECODE_ROUND token ids once; stop conditions
 * are checked on the CPU afterwards and tokens past a stop are discarded (the cache rows they
 * wrote lie beyond the sequence's cursor, where nothing attends and the next write lands).
 * Shapes come from a few: B sequences, or, once some have stopped, the writing ones padded to the
 * next power of two below B (`narrowedRows`, generation-rows.ts); fed blocks padded to a power of two; the cache
 * [rows·H·(capacity + 1), d/H], its capacity a power of two that doubles as sequences lengthen.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../core/random';
import type { Tokenizer } from '../core/tokenizer';
import type { ModelConfig } from './config';
import { type DerivedWeights, forwardExtend } from './decode';
import { lastTokenLogits } from './forward';
import { feedBlockLength, idsBySequence, narrowedRows } from './generation-rows';
import { type KvCache, bucketLength, disposeCache, emptyCache, narrowedCache, widenedCache } from './kv-cache';
import type { Params } from './params';
import { type SamplingOptions, checkSampling, sampleTokens } from './sampling';

/** Tokens drawn per sequence between two read-backs (the same on every backend, so that a seed
 * gives the same draws everywhere). */
export const DECODE_ROUND = 8;

/** Most attention scores one cache extension may hold by default (4 Mi numbers, 16 MiB as float32). */
export const FEED_SCORES = 4 * 2 ** 20;

export interface TurnOptions extends SamplingOptions {
  /** Most tokens one sequence may add in this turn. */
  maxNewTokens: number;
  /** A sequence stops when the text it generated in this turn ends with one of these. */
  stopStrings?: readonly string[];
  /** Keep going past end-of-text (benchmarks that need a fixed length). Default false. */
  ignoreEos?: boolean;
  /** Told after each round: of the sequences writing in this turn, how many have stopped. */
  onRound?: (stopped: number, writing: number) => void;
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

/** One batch of sequences being generated, with its cache, sampling stream and per-sequence state. */
export class Generation {
  private readonly seqs: SequenceState[];
  private cache: KvCache | null;
  /** [B, V] logits of the last forward pass (for inspection), or null before the first. */
  private logits: tf.Tensor2D | null = null;
  private readonly rng: Rng;
  /** Read-backs done so far (one per round). */
  readBacks = 0;
  /** Rows each round so far computed (the batch, or fewer once most sequences have stopped). */
  readonly roundRows: number[] = [];

  /**
   * Sequences start as the given prompts (each non-empty, shorter than the context). `weights` are
   * the model's derived inference weights. `useCache` false recomputes the whole padded context for
   * every token (the reference the cache must equal). `feedScores` bounds the attention scores of
   * one cache extension (see `feedBlock`).
   */
  constructor(
    private readonly params: Params,
    private readonly weights: DerivedWeights,
    private readonly config: ModelConfig,
    private readonly tokenizer: Tokenizer,
    prompts: readonly (readonly number[])[],
    seed: number | Rng,
    private readonly useCache = true,
    private readonly feedScores = FEED_SCORES,
  ) {
    for (const [b, p] of prompts.entries()) {
      if (p.length === 0 || p.length >= config.contextLength) {
        throw new Error(`Generation: prompt ${b} has ${p.length} tokens; need 1 … ${config.contextLength - 1}.`);
      }
    }
    this.seqs = prompts.map((p) => ({ tokens: [...p], cursor: 0, active: true }));
    this.rng = typeof seed === 'number' ? new Rng(seed) : seed;
    // Room for the longest prompt; the cache grows by doubling as sequences lengthen.
    const longest = Math.max(...prompts.map((p) => p.length));
    this.cache = useCache ? emptyCache(config, prompts.length, bucketLength(longest, config.contextLength)) : null;
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
    checkSampling(opts);
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
      const drawn = await this.round(opts);
      const lastStep = this.seqs.map(() => DECODE_ROUND - 1);
      for (const [b, s] of this.seqs.entries()) {
        if (!(drawn.active[b] as boolean)) continue;
        for (let step = 0; step < DECODE_ROUND && s.active; step++) {
          const token = drawn.ids[step * this.seqs.length + b] as number;
          s.tokens.push(token);
          // Every draw but the round's last was fed back (into the cache row at its position).
          if (step < DECODE_ROUND - 1) s.cursor = s.tokens.length;
          lastStep[b] = step;
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
            // The stop token counts as pending: a later turn feeds it again at the same position.
            s.cursor = s.tokens.length - 1;
          }
        }
      }
      this.keepLogits(drawn.logits, drawn.view, drawn.active, lastStep);
      opts.onRound?.(this.seqs.filter((s, b) => ran[b] && !s.active).length, ran.filter(Boolean).length);
    }
    return this.seqs.map((s, b) => {
      if (!ran[b]) return null;
      const tokens = s.tokens.slice(starts[b]);
      return { tokens, text: this.tokenizer.decode(tokens), stop: stops[b] as StopReason };
    });
  }

  /**
   * One round: feed every active sequence's pending tokens, then DECODE_ROUND times draw a token per
   * sequence and (but for the last) feed it back; one read-back of the [DECODE_ROUND, B] ids.
   * Uniforms: B per step from the Rng, drawn whether or not a sequence is active. The round
   * computes the rows of `roundView()` (every sequence, or a narrower batch once some have stopped;
   * each sequence's draws are the same either way). Returns the ids by sequence, which sequences
   * took part, the view and each step's logits by row of the view (the caller disposes them).
   */
  private async round(
    opts: TurnOptions,
  ): Promise<{ ids: Int32Array; active: boolean[]; view: number[]; logits: tf.Tensor2D[] }> {
    const batch = this.seqs.length;
    const ctx = this.config.contextLength;
    const active = this.seqs.map((s) => s.active);
    const uniforms = new Float32Array(DECODE_ROUND * batch);
    for (let i = 0; i < uniforms.length; i++) uniforms[i] = this.rng.next();
    const view = this.roundView();
    const width = view.length;
    const rows = view.map((b) => this.seqs[b] as SequenceState);
    const wide = width < batch ? (this.cache as KvCache) : null;
    if (wide) this.cache = narrowedCache(wide, this.config, view);
    const ids: tf.Tensor1D[] = [];
    const drawnRows: number[][] = this.seqs.map(() => []);
    let data: Int32Array;
    const logits: tf.Tensor2D[] = [];
    try {
      logits.push(this.feed(view));
      for (let step = 0; step < DECODE_ROUND; step++) {
        const u = Float32Array.from(view, (b) => uniforms[step * batch + b] as number);
        const drawn = tf.tidy(() => sampleTokens(logits[step] as tf.Tensor2D, tf.tensor1d(u), opts));
        ids.push(drawn);
        if (step === DECODE_ROUND - 1) break;
        // Sequence b holds its tokens and this round's earlier draws; the new one goes at `at[i]`.
        const at = rows.map((s) => s.tokens.length + step);
        const n = rows.map((s, i) => (s.active && (at[i] as number) < ctx ? 1 : 0));
        if (this.useCache) {
          // A sequence that writes nothing (inactive, or past the context end) only needs a cursor in range.
          const cursors = at.map((c) => Math.min(c, ctx));
          logits.push(this.extendCached(tf.reshape(drawn, [width, 1]), cursors, n));
        } else {
          // The reference path reads each draw back and recomputes the whole context.
          const d = await drawn.data();
          drawnRows.forEach((r, b) => r.push(d[b] as number));
          logits.push(
            lastTokenLogits(
              this.params,
              this.config,
              this.tokenizer.padId,
              this.seqs.map((s, b) => [...s.tokens, ...(drawnRows[b] as number[])]),
            ),
          );
        }
      }
      const all = tf.stack(ids) as tf.Tensor2D;
      tf.dispose(ids);
      data = (await all.data()) as Int32Array;
      all.dispose();
    } finally {
      if (wide) this.cache = widenedCache(wide, this.cache as KvCache, this.config, view);
    }
    this.readBacks += 1;
    this.roundRows.push(width);
    return { ids: idsBySequence(data, view, batch, DECODE_ROUND), active, view, logits };
  }

  /** The rows of a round: all sequences, or narrowed once some have stopped (`narrowedRows`). */
  private roundView(): number[] {
    const all = this.seqs.map((_, b) => b);
    if (!this.useCache || !this.logits) return all;
    return narrowedRows(this.seqs.map((s) => s.active)) ?? all;
  }

  /** Feed the pending tokens of the active sequences among `view` (one row each); the [rows, V] logits. */
  private feed(view: readonly number[]): tf.Tensor2D {
    const rows = view.map((b) => this.seqs[b] as SequenceState);
    const pending = rows.map((s) => (s.active ? s.tokens.slice(s.cursor) : []));
    const counts = pending.map((p) => p.length);
    if (!this.useCache) {
      const logits = lastTokenLogits(
        this.params,
        this.config,
        this.tokenizer.padId,
        rows.map((s, i) => s.tokens.slice(0, s.cursor + (counts[i] as number))),
      );
      rows.forEach((s, i) => (s.cursor += counts[i] as number));
      return logits;
    }
    const needed = Math.max(...rows.map((s, i) => s.cursor + (counts[i] as number)));
    const block = feedBlockLength(this.config, (this.cache as KvCache).capacity, needed, rows.length, this.feedScores);
    let logits: tf.Tensor2D | null = null;
    for (let offset = 0; offset < Math.max(1, ...counts); offset += block) {
      const n = counts.map((c) => Math.max(0, Math.min(block, c - offset)));
      const l = bucketLength(Math.max(1, ...n), block);
      const ids = new Int32Array(rows.length * l).fill(this.tokenizer.padId);
      pending.forEach((p, i) => ids.set(p.slice(offset, offset + (n[i] as number)), i * l));
      const cursors = rows.map((s, i) => s.cursor + Math.min(offset, counts[i] as number));
      const part = this.extendCached(tf.tensor2d(ids, [rows.length, l], 'int32'), cursors, n);
      // A sequence's logits come from the block that fed its last pending token.
      const fed = n.map((x) => x > 0);
      logits = logits ? this.keepWhere(fed, part, logits) : part;
    }
    rows.forEach((s, i) => (s.cursor += counts[i] as number));
    return logits as tf.Tensor2D;
  }

  /** Rows b of `fresh` where `took[b]`, else of `held`; disposes both. */
  private keepWhere(took: readonly boolean[], fresh: tf.Tensor2D, held: tf.Tensor2D): tf.Tensor2D {
    const kept = tf.tidy(() => {
      const mask = tf.tensor2d(
        took.map((t) => (t ? 1 : 0)),
        [took.length, 1],
        'bool',
      );
      return tf.where(mask, fresh, held) as tf.Tensor2D;
    });
    tf.dispose([fresh, held]);
    return kept;
  }

  private extendCached(ids: tf.Tensor2D, cursors: number[], n: number[]): tf.Tensor2D {
    const old = this.cache as KvCache;
    const result = tf.tidy(() => forwardExtend(this.params, this.config, old, ids, cursors, n, this.weights.current()));
    ids.dispose();
    this.cache = result.cache;
    return result.logits;
  }

  /**
   * Keep, for each sequence that took part, the logits its last kept token was drawn from (row
   * `lastStep[b]` · rows + its row of `view`); the others keep theirs. Disposes `steps`.
   */
  private keepLogits(
    steps: tf.Tensor2D[],
    view: readonly number[],
    active: readonly boolean[],
    lastStep: readonly number[],
  ): void {
    const width = view.length;
    const rowOf = new Int32Array(this.seqs.length).fill(-1);
    view.forEach((b, i) => (rowOf[b] = i));
    const held = this.logits;
    // Row of each sequence in [steps…, held]: its draw's when it took part, else its own held row.
    const rows = Int32Array.from(lastStep, (step, b) =>
      held && !active[b] ? steps.length * width + b : step * width + (rowOf[b] as number),
    );
    this.logits = tf.tidy(() => tf.gather(tf.concat(held ? [...steps, held] : steps), tf.tensor1d(rows, 'int32')));
    tf.dispose(held ? [...steps, held] : steps);
  }

  /** The next-token logits of sequence b after its last fed token (for tests and inspection). */
  async lastLogits(b: number): Promise<Float32Array> {
    this.state(b);
    if (!this.logits) throw new Error('Generation.lastLogits: nothing has been fed yet.');
    const v = this.config.vocabSize;
    return ((await this.logits.data()) as Float32Array).slice(b * v, (b + 1) * v);
  }

  /** Feed pending tokens without sampling (e.g. to read logits after a prompt). */
  prefill(): void {
    const view = this.seqs.map((_, b) => b);
    this.keepLogits(
      [this.feed(view)],
      view,
      this.seqs.map((s) => s.active),
      this.seqs.map(() => 0),
    );
  }

  private state(b: number): SequenceState {
    const s = this.seqs[b];
    if (!s) throw new Error(`Generation: no sequence ${b} (batch of ${this.seqs.length}).`);
    return s;
  }

  /** Free the cache and the held logits. */
  dispose(): void {
    if (this.cache) disposeCache(this.cache);
    this.cache = null;
    this.logits?.dispose();
    this.logits = null;
  }
}
