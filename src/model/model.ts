/**
 * TinyLM: one policy model = its config, its own parameter variables, its own AdamW state and the
 * shared tokenizer. Two instances never share variables, so two roles train independently.
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../core/random';
import type { Tokenizer } from '../core/tokenizer';
import { AdamW, DEFAULT_OPTIMIZER, type OptimizerSettings } from './adamw';
import { decodeCheckpoint, encodeCheckpoint } from './checkpoint';
import { DEFAULT_MODEL_SIZES, type ModelConfig, validateConfig } from './config';
import { DerivedWeights } from './decode';
import { Generation, type TurnOptions, type TurnOutput } from './generate';
import { type Params, countParams, createParams, disposeParams, paramSpecs } from './params';
import { type LossSettings, type TrainBatch, type TrainStats, sequenceLogProbs, trainStep } from './train';
import type { PassLimit } from './passes';

/** A policy model: see the file comment. */
export class TinyLM {
  readonly optimizer: AdamW;
  /** Generation's weights (layer norms folded in), shared by every generation of this model. */
  private readonly inference: DerivedWeights;

  private constructor(
    readonly config: ModelConfig,
    readonly params: Params,
    readonly tokenizer: Tokenizer,
  ) {
    this.optimizer = new AdamW(params.all);
    this.inference = new DerivedWeights(params, config);
  }

  /** A fresh model; sizes default to DEFAULT_MODEL_SIZES, the vocabulary comes from the tokenizer. */
  static create(tokenizer: Tokenizer, sizes: Partial<Omit<ModelConfig, 'vocabSize'>>, seed: number): TinyLM {
    const config = validateConfig({ ...DEFAULT_MODEL_SIZES, ...sizes, vocabSize: tokenizer.size });
    return new TinyLM(config, createParams(config, seed), tokenizer);
  }

  /** A model with the config and values of a checkpoint file (its vocabulary must be the tokenizer's). */
  static fromCheckpoint(bytes: Uint8Array, tokenizer: Tokenizer): TinyLM {
    const { header } = decodeCheckpoint(bytes, { vocab: tokenizer.vocab });
    const model = new TinyLM(validateConfig(header.config), createParams(header.config, 0), tokenizer);
    model.load(bytes);
    return model;
  }

  /** Number of scalar parameters. */
  get paramCount(): number {
    return countParams(this.config);
  }

  /**
   * A resumable batched generation over the prompts (token ids); `feedScores` bounds the attention
   * scores one cache extension holds (Generation's default otherwise).
   */
  startGeneration(
    prompts: readonly (readonly number[])[],
    seed: number | Rng,
    useCache = true,
    feedScores?: number,
  ): Generation {
    return new Generation(
      this.params,
      this.inference,
      this.config,
      this.tokenizer,
      prompts,
      seed,
      useCache,
      feedScores,
    );
  }

  /** One turn of generation for each prompt, then the cache is freed. */
  async generate(
    prompts: readonly (readonly number[])[],
    opts: TurnOptions,
    seed: number | Rng,
  ): Promise<TurnOutput[]> {
    const g = this.startGeneration(prompts, seed);
    try {
      return (await g.turn(opts)) as TurnOutput[];
    } finally {
      g.dispose();
    }
  }

  /** log π(s_t | s_<t) per token (0 at t = 0 and where mask = 0). */
  logProbs(sequences: readonly (readonly number[])[], mask?: readonly (readonly number[])[]): Promise<number[][]> {
    return sequenceLogProbs(this.params, this.config, this.tokenizer.padId, sequences, mask);
  }

  /**
   * One clipped-policy-gradient + KL update with AdamW; see `trainStep`. `passLimit` bounds one
   * forward-and-backward pass (default TRAIN_PASS).
   */
  trainStep(
    batch: TrainBatch,
    loss: LossSettings,
    optim: OptimizerSettings = DEFAULT_OPTIMIZER,
    passLimit?: PassLimit,
  ): Promise<TrainStats> {
    return trainStep(this.params, this.config, this.tokenizer.padId, this.optimizer, batch, loss, optim, passLimit);
  }

  /** The parameter file (see checkpoint.ts), read with one `await data()` per parameter. */
  async save(meta: Record<string, string | number> = {}): Promise<Uint8Array> {
    const values = await Promise.all(this.params.all.map(async (v) => new Float32Array(await v.data())));
    return encodeCheckpoint({
      header: {
        config: this.config,
        vocab: [...this.tokenizer.vocab],
        params: paramSpecs(this.config).map((s) => ({ name: s.name, shape: s.shape })),
        meta,
      },
      values,
    });
  }

  /**
   * The values of a parameter file, decoded into fresh arrays and checked against this model (config,
   * vocabulary, every parameter's name and shape, in order) without touching its parameters.
   * Throws the reason the file cannot be loaded.
   */
  decodeFile(bytes: Uint8Array): Float32Array[] {
    const { header, values } = decodeCheckpoint(bytes, { config: this.config, vocab: this.tokenizer.vocab });
    const names = this.params.names;
    if (header.params.length !== names.length)
      throw new Error(`checkpoint: ${header.params.length} parameters, this model has ${names.length}.`);
    header.params.forEach((spec, i) => {
      const own = this.params.all[i] as tf.Variable;
      if (spec.name !== names[i]) throw new Error(`checkpoint: parameter ${i} is ${spec.name}, expected ${names[i]}.`);
      if (spec.shape.length !== own.shape.length || spec.shape.some((d, k) => d !== own.shape[k]))
        throw new Error(`checkpoint: ${spec.name} has shape [${spec.shape}], expected [${own.shape}].`);
    });
    return values;
  }

  /** Throws the reason a parameter file cannot be loaded into this model (damaged, other names, shapes or vocabulary). */
  checkFile(bytes: Uint8Array): void {
    this.decodeFile(bytes);
  }

  /**
   * Overwrite every parameter with `values` (`decodeFile`'s output): all sizes are checked before the
   * first is written, so the model is changed whole or not at all.
   */
  assignValues(values: readonly Float32Array[]): void {
    const all = this.params.all;
    if (values.length !== all.length || values.some((v, i) => v.length !== (all[i] as tf.Variable).size))
      throw new Error('TinyLM.assignValues: the values do not match this model’s parameters.');
    tf.tidy(() => all.forEach((v, i) => v.assign(tf.tensor(values[i] as Float32Array, v.shape, 'float32'))));
  }

  /** Overwrite the parameters with a checkpoint's; refuses a different config, vocabulary, name or shape. */
  load(bytes: Uint8Array): void {
    this.assignValues(this.decodeFile(bytes));
  }

  /** Copy another model's parameter values into this one (same config), e.g. a frozen reference. */
  copyFrom(other: TinyLM): void {
    if (other.params.all.length !== this.params.all.length)
      throw new Error('TinyLM.copyFrom: different parameter lists.');
    tf.tidy(() => this.params.all.forEach((v, i) => v.assign(tf.clone(other.params.all[i] as tf.Variable))));
  }

  /** Free parameters, optimizer state and derived weights. */
  dispose(): void {
    this.inference.dispose();
    disposeParams(this.params);
    this.optimizer.dispose();
  }
}
