/**
 * The transformer's parameters: an ordered list of named tfjs variables, initialised from a seed
 * (the normal draws come from the core Rng, so every backend starts from the same numbers).
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../core/random';
import type { ModelConfig } from './config';

export interface ParamSpec {
  name: string;
  shape: number[];
  /** Initial values: N(0, std²) draws, or a constant. */
  init: { std: number } | { constant: number };
}

export interface LayerParams {
  ln1Gain: tf.Variable;
  ln1Bias: tf.Variable;
  /** [d, 3d]: query, key and value projections side by side. */
  wQkv: tf.Variable;
  wOut: tf.Variable;
  ln2Gain: tf.Variable;
  ln2Bias: tf.Variable;
  w1: tf.Variable;
  b1: tf.Variable;
  w2: tf.Variable;
  b2: tf.Variable;
}

export interface Params {
  tokenEmbedding: tf.Variable;
  positionEmbedding: tf.Variable;
  layers: LayerParams[];
  lnFinalGain: tf.Variable;
  lnFinalBias: tf.Variable;
  /** [d, V] when the head is untied; null when logits use the token embedding. */
  head: tf.Variable | null;
  /** Every variable, in the order of `paramSpecs` (the checkpoint order). */
  all: tf.Variable[];
  names: string[];
}

/**
 * Names, shapes and initialisation, in a fixed order. Weights ~ N(0, 0.02²); the two projections
 * that write into the residual stream use 0.02 / √(2·nLayers) (GPT-2); gains 1, biases 0.
 */
export function paramSpecs(c: ModelConfig): ParamSpec[] {
  const d = c.dModel;
  const w = { std: 0.02 };
  const wResid = { std: 0.02 / Math.sqrt(2 * c.nLayers) };
  const one = { constant: 1 };
  const zero = { constant: 0 };
  const specs: ParamSpec[] = [
    { name: 'tokenEmbedding', shape: [c.vocabSize, d], init: w },
    { name: 'positionEmbedding', shape: [c.contextLength, d], init: w },
  ];
  for (let i = 0; i < c.nLayers; i++) {
    specs.push(
      { name: `layer${i}.ln1Gain`, shape: [d], init: one },
      { name: `layer${i}.ln1Bias`, shape: [d], init: zero },
      { name: `layer${i}.wQkv`, shape: [d, 3 * d], init: w },
      { name: `layer${i}.wOut`, shape: [d, d], init: wResid },
      { name: `layer${i}.ln2Gain`, shape: [d], init: one },
      { name: `layer${i}.ln2Bias`, shape: [d], init: zero },
      { name: `layer${i}.w1`, shape: [d, c.dFf], init: w },
      { name: `layer${i}.b1`, shape: [c.dFf], init: zero },
      { name: `layer${i}.w2`, shape: [c.dFf, d], init: wResid },
      { name: `layer${i}.b2`, shape: [d], init: zero },
    );
  }
  specs.push({ name: 'lnFinalGain', shape: [d], init: one }, { name: 'lnFinalBias', shape: [d], init: zero });
  if (!c.tiedEmbeddings) specs.push({ name: 'head', shape: [d, c.vocabSize], init: w });
  return specs;
}

/** Number of scalars in all parameters. */
export function countParams(c: ModelConfig): number {
  return paramSpecs(c).reduce((n, s) => n + s.shape.reduce((a, b) => a * b, 1), 0);
}

/** Standard normal draws by Box–Muller: √(−2 ln u₁) · cos(2π u₂), u₁ ∈ (0, 1]. */
function normals(rng: Rng, n: number, std: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u1 = 1 - rng.next();
    const u2 = rng.next();
    out[i] = std * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
  return out;
}

/** Fresh trainable variables for the config, drawn from `seed`. */
export function createParams(c: ModelConfig, seed: number): Params {
  const rng = new Rng(seed);
  const specs = paramSpecs(c);
  const all = specs.map((s) => {
    const size = s.shape.reduce((a, b) => a * b, 1);
    const values = 'std' in s.init ? normals(rng, size, s.init.std) : new Float32Array(size).fill(s.init.constant);
    return tf.tidy(() => tf.variable(tf.tensor(values, s.shape, 'float32'), true));
  });
  return assemble(c, specs, all);
}

function assemble(c: ModelConfig, specs: ParamSpec[], all: tf.Variable[]): Params {
  const byName = new Map(specs.map((s, i) => [s.name, all[i] as tf.Variable]));
  const get = (name: string): tf.Variable => {
    const v = byName.get(name);
    if (!v) throw new Error(`params: missing ${name}.`);
    return v;
  };
  const layers = Array.from({ length: c.nLayers }, (_, i): LayerParams => ({
    ln1Gain: get(`layer${i}.ln1Gain`),
    ln1Bias: get(`layer${i}.ln1Bias`),
    wQkv: get(`layer${i}.wQkv`),
    wOut: get(`layer${i}.wOut`),
    ln2Gain: get(`layer${i}.ln2Gain`),
    ln2Bias: get(`layer${i}.ln2Bias`),
    w1: get(`layer${i}.w1`),
    b1: get(`layer${i}.b1`),
    w2: get(`layer${i}.w2`),
    b2: get(`layer${i}.b2`),
  }));
  return {
    tokenEmbedding: get('tokenEmbedding'),
    positionEmbedding: get('positionEmbedding'),
    layers,
    lnFinalGain: get('lnFinalGain'),
    lnFinalBias: get('lnFinalBias'),
    head: c.tiedEmbeddings ? null : get('head'),
    all,
    names: specs.map((s) => s.name),
  };
}

/** Dispose every variable. */
export function disposeParams(p: Params): void {
  for (const v of p.all) v.dispose();
}
