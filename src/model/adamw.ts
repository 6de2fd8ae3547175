/** AdamW with global gradient-norm clipping, over one model's own variable list. */
import * as tf from '@tensorflow/tfjs';
import { adamMoment, adamParam, fusedTrainingAvailable, gradNorm } from './kernels/fused-train-ops';

export interface OptimizerSettings {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  /** Decoupled weight decay λ, applied to matrices only (rank ≥ 2). */
  weightDecay: number;
  /** Gradients are scaled by min(1, maxGradNorm / ‖g‖₂) before the update; Infinity = off. */
  maxGradNorm: number;
}

export const DEFAULT_OPTIMIZER: OptimizerSettings = {
  learningRate: 1e-3,
  beta1: 0.9,
  beta2: 0.999,
  epsilon: 1e-8,
  weightDecay: 0.01,
  maxGradNorm: 1,
};

/** Every gradient as one flat vector [P] (parameters in list order), in one Concat. Call inside a tidy. */
export function flatten(grads: readonly tf.Tensor[]): tf.Tensor1D {
  return tf.concat(grads.map((g) => tf.reshape(g, [-1]))) as tf.Tensor1D;
}

/**
 * Global L2 norm √Σ_i Σ g_i² of a flat gradient (see `flatten`); `fused`: WebGPU's one-dispatch
 * kernel (fused-train-ops.ts `gradNorm`). Call inside a tidy.
 */
export function globalNorm(flat: tf.Tensor1D, fused = fusedTrainingAvailable()): tf.Scalar {
  return fused ? gradNorm(flat) : (tf.sqrt(tf.sum(tf.square(flat))) as tf.Scalar);
}

/**
 * Optimizer state for one variable list, kept flat: the first and second moments of every
 * parameter in one vector each, so that an update is a dozen kernels over all parameters at once
 * rather than a dozen per parameter.
 */
export class AdamW {
  /** Updates applied so far. */
  step = 0;
  private readonly m: tf.Variable;
  private readonly v: tf.Variable;
  private readonly sizes: number[];
  /** Per parameter, where its values start in the flat vector (parameters in list order). */
  private readonly offsets: number[];

  constructor(private readonly params: readonly tf.Variable[]) {
    this.sizes = params.map((p) => p.size);
    const total = this.sizes.reduce((a, b) => a + b, 0);
    this.m = tf.tidy(() => tf.variable(tf.zeros([total]), false));
    this.v = tf.tidy(() => tf.variable(tf.zeros([total]), false));
    let start = 0;
    this.offsets = this.sizes.map((size) => {
      const at = start;
      start += size;
      return at;
    });
  }

  /**
   * One update inside the caller's tidy, from the gradients in parameter order. See `applyFlat`.
   * Returns the global norm before clipping (a scalar tensor).
   */
  apply(grads: readonly tf.Tensor[], s: OptimizerSettings): tf.Scalar {
    if (grads.length !== this.params.length)
      throw new Error(`AdamW: ${grads.length} gradients for ${this.params.length} parameters.`);
    const flat = flatten(grads);
    const norm = globalNorm(flat);
    this.applyFlat(flat, norm, s);
    return norm;
  }

  /**
   * One update inside the caller's tidy, over the flat gradient g (see `flatten`) with its norm ‖g‖:
   * ĝ = g·min(1, c/(‖g‖ + 1e-6)), m ← β₁m + (1−β₁)ĝ, v ← β₂v + (1−β₂)ĝ²,
   * θ ← θ·(1 − lr·λ·[rank θ ≥ 2]) − lr·(m/(1−β₁ᵗ)) / (√(v/(1−β₂ᵗ)) + ε).
   */
  applyFlat(flat: tf.Tensor1D, norm: tf.Scalar, s: OptimizerSettings, fused = fusedTrainingAvailable()): void {
    if (flat.size !== this.m.size)
      throw new Error(`AdamW: a gradient of ${flat.size} values for ${this.m.size} parameters.`);
    this.step += 1;
    if (fused) {
      this.applyFused(flat, norm, s);
      return;
    }
    const g = Number.isFinite(s.maxGradNorm)
      ? tf.mul(flat, tf.minimum(1, tf.div(s.maxGradNorm, tf.add(norm, 1e-6))))
      : flat;
    const c1 = 1 - Math.pow(s.beta1, this.step);
    const c2 = 1 - Math.pow(s.beta2, this.step);
    this.m.assign(tf.add(tf.mul(this.m, s.beta1), tf.mul(g, 1 - s.beta1)));
    this.v.assign(tf.add(tf.mul(this.v, s.beta2), tf.mul(tf.square(g), 1 - s.beta2)));
    const update = tf.div(tf.mul(this.m, s.learningRate / c1), tf.add(tf.sqrt(tf.div(this.v, c2)), s.epsilon));
    // Each parameter takes its part of the update as a slice: on WASM the Slice kernel copies only
    // that part (kernels/wasm-slice.ts). A gather by index vectors did it before, and tfjs-wasm's
    // Gather copied each index vector out of the heap and checked it in a loop that V8 compiled
    // and threw away again on every call (docs/performance.md).
    this.params.forEach((p, i) => {
      const decayed = p.rank >= 2 ? tf.mul(p, 1 - s.learningRate * s.weightDecay) : p;
      const part = tf.slice(update, [this.offsets[i] as number], [this.sizes[i] as number]);
      p.assign(tf.sub(decayed, tf.reshape(part, p.shape)));
    });
  }

  /**
   * `applyFlat`'s update on WebGPU's fused kernels (kernels/webgpu-train.ts): each moment in one
   * dispatch, each parameter in one, reading its part of the moments at its offset (where tfjs's
   * kernels took about a dozen dispatches for the moments and three per parameter).
   */
  private applyFused(flat: tf.Tensor1D, norm: tf.Scalar, s: OptimizerSettings): void {
    const c1 = 1 - Math.pow(s.beta1, this.step);
    const c2 = 1 - Math.pow(s.beta2, this.step);
    const [m, v] = [this.m as tf.Tensor1D, this.v as tf.Tensor1D];
    this.m.assign(adamMoment(m, flat, norm, s.beta1, s.maxGradNorm, false));
    this.v.assign(adamMoment(v, flat, norm, s.beta2, s.maxGradNorm, true));
    this.params.forEach((p, i) => {
      const decay = p.rank >= 2 ? 1 - s.learningRate * s.weightDecay : 1;
      const offset = this.offsets[i] as number;
      p.assign(adamParam(p, m, v, { offset, decay, stepSize: s.learningRate / c1, c2, epsilon: s.epsilon }));
    });
  }

  /** The step count and the moments (every m, then every v, one array per parameter), for run checkpoints. */
  async exportState(): Promise<{ step: number; moments: Float32Array[] }> {
    const [m, v] = await Promise.all([this.m.data(), this.v.data()]);
    return {
      step: this.step,
      moments: [...this.perParameter(m as Float32Array), ...this.perParameter(v as Float32Array)],
    };
  }

  /** Restore `exportState`'s output; refuses a different number or size of moments. */
  importState(state: { step: number; moments: readonly Float32Array[] }): void {
    const n = this.params.length;
    if (state.moments.length !== 2 * n || state.moments.some((a, i) => a.length !== this.sizes[i % n])) {
      throw new Error('AdamW.importState: the saved moments do not match this model’s parameters.');
    }
    const join = (parts: readonly Float32Array[]): Float32Array => {
      const out = new Float32Array(this.m.size);
      let at = 0;
      for (const a of parts) {
        out.set(a, at);
        at += a.length;
      }
      return out;
    };
    tf.tidy(() => {
      this.m.assign(tf.tensor1d(join(state.moments.slice(0, n))));
      this.v.assign(tf.tensor1d(join(state.moments.slice(n))));
    });
    this.step = state.step;
  }

  private perParameter(flat: Float32Array): Float32Array[] {
    let at = 0;
    return this.sizes.map((size) => {
      const part = flat.slice(at, at + size);
      at += size;
      return part;
    });
  }

  /** Free the moment variables. */
  dispose(): void {
    tf.dispose([this.m, this.v]);
  }
}
