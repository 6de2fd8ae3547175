/** AdamW with global gradient-norm clipping, over one model's own variable list. */
import * as tf from '@tensorflow/tfjs';

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

/**
 * Global L2 norm √Σ_i Σ g_i² of a gradient list, as a chain of pairwise adds: WebGPU's AddN with
 * more inputs than its storage-buffer limit (8 on SwiftShader) builds an invalid pipeline and
 * yields garbage. Call inside a tidy.
 */
export function globalNorm(grads: readonly tf.Tensor[]): tf.Scalar {
  return tf.sqrt(grads.reduce<tf.Tensor>((acc, g) => tf.add(acc, tf.sum(tf.square(g))), tf.scalar(0))) as tf.Scalar;
}

/** Optimizer state (first and second moments per parameter) for one variable list. */
export class AdamW {
  /** Updates applied so far. */
  step = 0;
  private readonly m: tf.Variable[];
  private readonly v: tf.Variable[];

  constructor(private readonly params: readonly tf.Variable[]) {
    this.m = params.map((p) => tf.tidy(() => tf.variable(tf.zerosLike(p), false)));
    this.v = params.map((p) => tf.tidy(() => tf.variable(tf.zerosLike(p), false)));
  }

  /**
   * One update inside the caller's tidy. ‖g‖ = √Σ g², ĝ = g·min(1, c/(‖g‖ + 1e-6)),
   * m ← β₁m + (1−β₁)ĝ, v ← β₂v + (1−β₂)ĝ², θ ← θ − lr·(m/(1−β₁ᵗ)) / (√(v/(1−β₂ᵗ)) + ε) − lr·λ·θ.
   * Returns the global norm before clipping (a scalar tensor).
   */
  apply(grads: readonly tf.Tensor[], s: OptimizerSettings): tf.Scalar {
    if (grads.length !== this.params.length)
      throw new Error(`AdamW: ${grads.length} gradients for ${this.params.length} parameters.`);
    this.step += 1;
    const norm = globalNorm(grads);
    const scale = Number.isFinite(s.maxGradNorm)
      ? tf.minimum(1, tf.div(s.maxGradNorm, tf.add(norm, 1e-6)))
      : tf.scalar(1);
    const c1 = 1 - Math.pow(s.beta1, this.step);
    const c2 = 1 - Math.pow(s.beta2, this.step);
    this.params.forEach((p, i) => {
      const g = tf.mul(grads[i] as tf.Tensor, scale);
      const m = this.m[i] as tf.Variable;
      const v = this.v[i] as tf.Variable;
      m.assign(tf.add(tf.mul(m, s.beta1), tf.mul(g, 1 - s.beta1)));
      v.assign(tf.add(tf.mul(v, s.beta2), tf.mul(tf.square(g), 1 - s.beta2)));
      const update = tf.div(tf.div(m, c1), tf.add(tf.sqrt(tf.div(v, c2)), s.epsilon));
      const decay = p.rank >= 2 ? s.weightDecay : 0;
      p.assign(tf.sub(tf.mul(p, 1 - s.learningRate * decay), tf.mul(update, s.learningRate)));
    });
    return norm;
  }

  /** The step count and the moments (every m, then every v), for run checkpoints. */
  async exportState(): Promise<{ step: number; moments: Float32Array[] }> {
    const moments = await Promise.all([...this.m, ...this.v].map(async (t) => new Float32Array(await t.data())));
    return { step: this.step, moments };
  }

  /** Restore `exportState`'s output; refuses a different number or size of moments. */
  importState(state: { step: number; moments: readonly Float32Array[] }): void {
    const all = [...this.m, ...this.v];
    if (state.moments.length !== all.length || state.moments.some((a, i) => a.length !== all[i]?.size)) {
      throw new Error('AdamW.importState: the saved moments do not match this model’s parameters.');
    }
    tf.tidy(() => all.forEach((v, i) => v.assign(tf.tensor(state.moments[i] as Float32Array, v.shape, 'float32'))));
    this.step = state.step;
  }

  /** Free the moment variables. */
  dispose(): void {
    tf.dispose([...this.m, ...this.v]);
  }
}
