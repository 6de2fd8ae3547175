/**
 * The clipped policy loss and the token log-probs on WebGPU (policy-loss.ts, train.ts): every token's
 * loss parts in one dispatch, their sums and packing in one, the gradient in one; log-probs or
 * entropies from the logits in one dispatch each and the log-probs' gradient in one. Registered with
 * the other training kernels (webgpu-train.ts `registerTrainKernels`); called through
 * fused-train-ops.ts.
 */
import type * as tf from '@tensorflow/tfjs';
import { POLICY_GRAD, POLICY_PACK, POLICY_TOKENS, TOKEN_LOG_PROBS, TOKEN_LOG_PROBS_GRAD } from './fused-train-ops';
import { type Inputs, PerOutputProgram, run } from './webgpu-program';

/**
 * Per token, policy-loss.ts `lossParts` in one thread, with tfjs's tie rules: rows of [6, n] are
 * w·L, w·k3, ρ, branch, w·∂L/∂logπθ, w·∂k3/∂logπθ (the formulas there).
 */
class PolicyTokensProgram extends PerOutputProgram {
  readonly variableNames = ['logp', 'oldLogp', 'refLogp', 'advantages', 'weights', 'epsLow', 'epsHigh'];
  readonly shaderKey: string;
  override uniforms = 'threads : i32, dualClip : f32,';
  constructor(
    n: number,
    private readonly dual: boolean,
  ) {
    super([6, n], n);
    this.shaderKey = `a0PolicyTokens_${dual}`;
  }
  body(): string {
    const dual = `
      let cap = negA * uniforms.dualClip;
      if (a < 0.0) {
        if (cap < perToken) { branch = 3.0; }
        slope = slope * select(0.0, 1.0, perToken <= cap);
        perToken = min(perToken, cap);
      }`;
    return `
      let n = uniforms.threads;
      let row = index / uniforms.logpShape[1];
      let a = advantages[index];
      let negA = -a;
      let d = logp[index] - oldLogp[index];
      let ratio = exp(clamp(d, -20.0, 20.0));
      let lo = 1.0 - epsLow[row];
      let hi = 1.0 + epsHigh[row];
      let floored = max(ratio, lo);
      let clippedRatio = min(floored, hi);
      let unclipped = negA * ratio;
      let clipped = negA * clippedRatio;
      let takeUnclipped = select(0.0, 1.0, unclipped >= clipped);
      var perToken = max(unclipped, clipped);
      let clipSlope = select(0.0, 1.0, ratio >= lo) * select(0.0, 1.0, floored <= hi);
      let insideD = select(0.0, 1.0, d >= -20.0 && d <= 20.0);
      var slope = (unclipped * insideD) * (takeUnclipped + (1.0 - takeUnclipped) * clipSlope);
      var branch = select(0.0, select(2.0, 1.0, ratio < 1.0), clipped > unclipped);
      ${this.dual ? dual : ''}
      let refGap = refLogp[index] - logp[index];
      let logRatioRef = clamp(refGap, -20.0, 20.0);
      let expRef = exp(logRatioRef);
      let k3 = (expRef - logRatioRef) - 1.0;
      let klToken = clamp(k3, -10.0, 10.0);
      let klSlope = ((1.0 - expRef) * select(0.0, 1.0, refGap >= -20.0 && refGap <= 20.0)) *
        select(0.0, 1.0, k3 >= -10.0 && k3 <= 10.0);
      let w = weights[index];
      setOutputAtIndex(index, perToken * w);
      setOutputAtIndex(n + index, klToken * w);
      setOutputAtIndex(2 * n + index, ratio);
      setOutputAtIndex(3 * n + index, branch);
      setOutputAtIndex(4 * n + index, slope * w);
      setOutputAtIndex(5 * n + index, klSlope * w);`;
  }
}

/** [Σ row 0 + klCoef·Σ row 1, Σ row 0, Σ row 1, row 2, row 3] of `PolicyTokensProgram`'s output. */
class PolicyPackProgram extends PerOutputProgram {
  readonly variableNames = ['tokens'];
  readonly shaderKey = 'a0PolicyPack';
  override uniforms = 'threads : i32, klCoef : f32,';
  body(): string {
    return `
      let n = uniforms.tokensShape[1];
      if (index >= 3) {
        setOutputAtIndex(index, tokens[2 * n + index - 3]);
        return;
      }
      var pg = 0.0;
      var kl = 0.0;
      for (var i = 0; i < n; i++) {
        pg += tokens[i];
        kl += tokens[n + i];
      }
      var sums = array<f32, 3>(pg + kl * uniforms.klCoef, pg, kl);
      setOutputAtIndex(index, sums[index]);`;
  }
}

/** (dy₀ + dy₁)·row 4 + (klCoef·dy₀ + dy₂)·row 5 of `PolicyTokensProgram`'s output, per token. */
class PolicyGradProgram extends PerOutputProgram {
  readonly variableNames = ['dy', 'tokens'];
  readonly shaderKey = 'a0PolicyGrad';
  override uniforms = 'threads : i32, klCoef : f32,';
  body(): string {
    return `
      let n = uniforms.tokensShape[1];
      let pg = (dy[0] + dy[1]) * tokens[4 * n + index];
      setOutputAtIndex(index, pg + (dy[0] * uniforms.klCoef + dy[2]) * tokens[5 * n + index]);`;
  }
}

/**
 * WGSL: for the logits row `at` (width v), its maximum `top` and `logZ` = top + log Σ exp(z − top),
 * the log of the softmax's normaliser.
 */
const LOG_NORMALISER = `
      var top = -3.402823e+38;
      for (var k = 0; k < v; k++) { top = max(top, logits[at + k]); }
      var total = 0.0;
      for (var k = 0; k < v; k++) { total += exp(logits[at + k] - top); }
      let logZ = top + log(total);`;

/** logp or entropy [B, T] of token t from the logits of position t − 1 (fused-train-ops.ts `tokenLogProbsKernel`). */
class TokenLogProbsProgram extends PerOutputProgram {
  readonly variableNames: string[];
  readonly shaderKey: string;
  constructor(
    outputShape: number[],
    private readonly entropy: boolean,
  ) {
    super(outputShape);
    // The entropy reads no ids: a binding the shader does not use makes the program invalid.
    this.variableNames = entropy ? ['logits'] : ['logits', 'ids'];
    this.shaderKey = `a0TokenLogProbs_${entropy}`;
  }
  body(): string {
    const value = this.entropy
      ? `var h = 0.0;
      for (var k = 0; k < v; k++) { let lp = logits[at + k] - logZ; h -= exp(lp) * lp; }
      setOutputAtIndex(index, h);`
      : 'setOutputAtIndex(index, logits[at + ids[index]] - logZ);';
    return `
      let t = uniforms.outShape[1];
      let v = uniforms.logitsShape[2];
      if (index % t == 0) {
        setOutputAtIndex(index, 0.0);
        return;
      }
      let at = (index - 1) * v;
      ${LOG_NORMALISER}
      ${value}`;
  }
}

/** dlogp[b, t + 1]·(onehot(ids[b, t + 1]) − softmax(logits[b, t])) per logit; 0 for the last position. */
class TokenLogProbsGradProgram extends PerOutputProgram {
  readonly variableNames = ['logits', 'ids', 'dlogp'];
  readonly shaderKey = 'a0TokenLogProbsGrad';
  body(): string {
    return `
      let t = uniforms.logitsShape[1];
      let v = uniforms.logitsShape[2];
      let row = index / v;
      let col = index - row * v;
      if (row % t == t - 1) {
        setOutputAtIndex(index, 0.0);
        return;
      }
      let at = row * v;
      ${LOG_NORMALISER}
      let hit = select(0.0, 1.0, ids[row + 1] == col);
      setOutputAtIndex(index, dlogp[row + 1] * (hit - exp(logits[index] - logZ)));`;
  }
}
export const LOSS_KERNELS: tf.KernelConfig[] = [
  {
    kernelName: POLICY_TOKENS,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const i = inputs as Inputs;
      const { dualClip, dual } = attrs as { dualClip: number; dual: boolean };
      const names = ['logp', 'oldLogp', 'refLogp', 'advantages', 'weights', 'epsLow', 'epsHigh'];
      const program = new PolicyTokensProgram(i.logp!.shape[0]! * i.logp!.shape[1]!, dual);
      return run(
        backend,
        program,
        names.map((k) => i[k]!),
        [{ type: 'float32', data: [dualClip] }],
      );
    },
  },
  {
    kernelName: POLICY_PACK,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { tokens } = inputs as Inputs;
      const program = new PolicyPackProgram([3 + 2 * tokens!.shape[1]!]);
      return run(backend, program, [tokens!], [{ type: 'float32', data: [(attrs as { klCoef: number }).klCoef] }]);
    },
  },
  {
    kernelName: POLICY_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { dy, tokens } = inputs as Inputs;
      const { klCoef, shape } = attrs as { klCoef: number; shape: number[] };
      return run(backend, new PolicyGradProgram(shape), [dy!, tokens!], [{ type: 'float32', data: [klCoef] }]);
    },
  },
  {
    kernelName: TOKEN_LOG_PROBS,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { logits, ids } = inputs as Inputs;
      const { entropy } = attrs as { entropy: boolean };
      const program = new TokenLogProbsProgram(ids!.shape, entropy);
      return run(backend, program, entropy ? [logits!] : [logits!, ids!]);
    },
  },
  {
    kernelName: TOKEN_LOG_PROBS_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { logits, ids, dlogp } = inputs as Inputs;
      return run(backend, new TokenLogProbsGradProgram(logits!.shape), [logits!, ids!, dlogp!]);
    },
  },
];
