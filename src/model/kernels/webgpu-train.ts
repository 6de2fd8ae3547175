/**
 * Training on WebGPU in fewer dispatches: layer norm and gelu, forward and backward, column sums,
 * the gradient norm, AdamW's moments and per-parameter step, as WGSL kernels registered with tfjs
 * for the `webgpu` backend only (one thread per output number, as in webgpu-decode.ts), with the
 * policy loss's and token log-probs' (webgpu-loss.ts) and causal attention's (webgpu-attention.ts).
 * fused-ops.ts builds the differentiable blocks of the forward pass from them, where fast-ops.ts
 * composes tfjs kernels: a layer norm took about nine dispatches forward and ten backward, gelu six
 * and seven; adamw.ts calls the AdamW kernels. Each is checked against tfjs's own kernels by
 * tests/e2e/model-webgpu.spec.ts and at start by fused-train-check.ts.
 */
import * as tf from '@tensorflow/tfjs';
import {
  ADAM_MOMENT,
  ADAM_PARAM,
  COLUMN_SUMS,
  EMBED_GRAD,
  GELU,
  GELU_GRAD,
  GRAD_NORM,
  LAYER_NORM,
  LAYER_NORM_GRAD,
} from './fused-train-ops';
import { ATTENTION_KERNELS } from './webgpu-attention';
import { LOSS_KERNELS } from './webgpu-loss';
import { type WebGPUBackend, type WebGPUProgram, webgpu_util } from '@tensorflow/tfjs-backend-webgpu';
import { GELU_A, GELU_K } from './gelu-constants';
import { type Inputs, PerOutputProgram, rowStats, run } from './webgpu-program';

/** WGSL: the row and column of output number `index` of rows x [m, d], and that row's `mean` and `rstd`. */
const ROW_OF_INDEX = `
      let d = uniforms.xShape[1];
      let row = index / d;
      let col = index - row * d;
      let base = row * d;
      ${rowStats('x', 'base', 'd')}`;

/** y = g·x̂ + b for rows x [m, d], x̂ = (x − μ)·r, r = 1/√(σ² + 1e-5). */
class LayerNormProgram extends PerOutputProgram {
  readonly variableNames = ['x', 'gain', 'bias'];
  readonly shaderKey = 'a0LayerNorm';
  body(): string {
    return `${ROW_OF_INDEX}
      setOutputAtIndex(index, (x[index] - mean) * rstd * gain[col] + bias[col]);`;
  }
}

/**
 * ∂x of the layer norm: with ĝ = dy·g, ∂x = r·(ĝ − mean(ĝ) − x̂·mean(ĝ·x̂)), the row means over
 * the row of the output number (fast-ops.ts `layerNorm`).
 */
class LayerNormGradProgram extends PerOutputProgram {
  readonly variableNames = ['x', 'gain', 'dy'];
  readonly shaderKey = 'a0LayerNormGrad';
  body(): string {
    return `${ROW_OF_INDEX}
      var gSum = 0.0;
      var gxSum = 0.0;
      for (var k = 0; k < d; k++) {
        let g = dy[base + k] * gain[k];
        gSum += g;
        gxSum += g * (x[base + k] - mean) * rstd;
      }
      let xHat = (x[index] - mean) * rstd;
      setOutputAtIndex(index, rstd * (dy[index] * gain[col] - gSum / f32(d) - xHat * gxSum / f32(d)));`;
  }
}

/** Lanes of the workgroup that sums one column in `ColumnSumsProgram`. */
const COLUMN_LANES = 64;

/**
 * WGSL: a workgroup's sum of each lane's `acc` into `partial[0]` (`partial` an array of `lanes`
 * f32 in workgroup memory): each lane stores its `acc`, then while `lane < half` adds the entry
 * `half` above its own, halving `half` (log₂ lanes steps, a barrier after each).
 */
function sumInHalves(lanes: number, lane: string): string {
  return `partial[${lane}] = acc;
        workgroupBarrier();
        for (var half = ${lanes / 2}; half > 0; half = half / 2) {
          if (${lane} < half) { partial[${lane}] += partial[${lane} + half]; }
          workgroupBarrier();
        }`;
}

/**
 * Column sums Σ_rows dy of dy [m, n]; with `normalised`, Σ_rows dy·x̂ with x̂ the rows of x [m, n]
 * standardised. One workgroup per column: lane l sums rows l, l + COLUMN_LANES, …, and the lanes'
 * partial sums are added in halves. (One thread per column, looping over every row, left a GPU with
 * n threads: 54 ms of an 80 ms training step on an H200.)
 */
class ColumnSumsProgram implements WebGPUProgram {
  readonly outputShape: number[];
  readonly dispatchLayout: { x: number[] };
  readonly dispatch: [number, number, number];
  readonly workgroupSize: [number, number, number] = [COLUMN_LANES, 1, 1];
  readonly variableNames: string[];
  readonly shaderKey: string;
  constructor(
    columns: number,
    private readonly normalised: boolean,
  ) {
    this.outputShape = [columns];
    this.dispatchLayout = webgpu_util.flatDispatchLayout(this.outputShape);
    this.dispatch = [columns, 1, 1];
    this.variableNames = normalised ? ['dy', 'x'] : ['dy'];
    this.shaderKey = `a0ColumnSums_${normalised}`;
  }
  getUserCode(): string {
    const term = this.normalised
      ? `let base = r * n;
          ${rowStats('x', 'base', 'n')}
          acc += dy[base + col] * (x[base + col] - mean) * rstd;`
      : 'acc += dy[r * n + col];';
    return `
      var<workgroup> partial : array<f32, ${COLUMN_LANES}>;
      fn main(index : i32) {
        let col = i32(workgroupId.x);
        let lane = i32(localIndex);
        let m = uniforms.dyShape[0];
        let n = uniforms.dyShape[1];
        var acc = 0.0;
        for (var r = lane; r < m; r += ${COLUMN_LANES}) {
          ${term}
        }
        ${sumInHalves(COLUMN_LANES, 'lane')}
        if (lane == 0) { setOutputAtIndex(col, partial[0]); }
      }`;
  }
}

/** ∂table[v, c] = Σ_r [ids[r] = v]·dy[r, c] for the table's rows v (fused-train-ops.ts `embedGrad`). */
class EmbedGradProgram extends PerOutputProgram {
  readonly variableNames = ['dy', 'ids'];
  readonly shaderKey = 'a0EmbedGrad';
  body(): string {
    return `
      let m = uniforms.dyShape[0];
      let d = uniforms.dyShape[1];
      let v = index / d;
      let col = index - v * d;
      var acc = 0.0;
      for (var r = 0; r < m; r++) {
        if (ids[r] == v) { acc += dy[r * d + col]; }
      }
      setOutputAtIndex(index, acc);`;
  }
}

/** Threads of the one workgroup of `GradNormProgram`. */
const NORM_THREADS = 256;

/**
 * ‖g‖ = √Σ g² of a flat g [P] by one workgroup: each thread sums the squares of every
 * NORM_THREADS-th entry, then the partial sums are added in halves (fused-train-ops.ts `gradNorm`).
 */
class GradNormProgram implements WebGPUProgram {
  readonly outputShape = [1];
  readonly dispatchLayout = webgpu_util.flatDispatchLayout([1]);
  readonly dispatch: [number, number, number] = [1, 1, 1];
  readonly workgroupSize: [number, number, number] = [NORM_THREADS, 1, 1];
  readonly variableNames = ['g'];
  readonly shaderKey = 'a0GradNorm';
  getUserCode(): string {
    return `
      var<workgroup> partial : array<f32, ${NORM_THREADS}>;
      fn main(index : i32) {
        let n = uniforms.gShape;
        var acc = 0.0;
        for (var i = index; i < n; i += ${NORM_THREADS}) { let x = g[i]; acc += x * x; }
        ${sumInHalves(NORM_THREADS, 'index')}
        if (index == 0) { setOutputAtIndex(0, sqrt(partial[0])); }
      }`;
  }
}

/** The gate u = k·x·(1 + a·x²) of gelu(x) = x·σ(u), k = 2√(2/π), a = 0.044715 (fast-ops.ts). */
const GATE = `let v = x[index];
      let s = 1.0 / (1.0 + exp(-${GELU_K} * v * (1.0 + ${GELU_A} * v * v)));`;

/** gelu(x) = x·σ(u), elementwise. */
class GeluProgram extends PerOutputProgram {
  readonly variableNames = ['x'];
  readonly shaderKey = 'a0Gelu';
  body(): string {
    return `
      ${GATE}
      setOutputAtIndex(index, v * s);`;
  }
}

/** dy·gelu′(x) = dy·(s + x·s(1 − s)·k(1 + 3a·x²)), s = σ(u), elementwise. */
class GeluGradProgram extends PerOutputProgram {
  readonly variableNames = ['x', 'dy'];
  readonly shaderKey = 'a0GeluGrad';
  body(): string {
    return `
      ${GATE}
      let slope = v * s * (1.0 - s) * ${GELU_K} * (1.0 + ${3 * GELU_A} * v * v);
      setOutputAtIndex(index, dy[index] * (s + slope));`;
  }
}

/** β·moment + (1 − β)·ĝ (ĝ² when squared), ĝ = g·min(1, c/(‖g‖ + 1e-6)) when clipped (fused-train-ops.ts `adamMoment`). */
class AdamMomentProgram extends PerOutputProgram {
  readonly variableNames = ['moment', 'grad', 'norm'];
  readonly shaderKey: string;
  override uniforms = 'threads : i32, beta : f32, maxGradNorm : f32,';
  constructor(
    outputShape: number[],
    private readonly clipped: boolean,
    private readonly squared: boolean,
  ) {
    super(outputShape);
    this.shaderKey = `a0AdamMoment_${clipped}_${squared}`;
  }
  body(): string {
    return `
      var g = grad[index]${this.clipped ? ' * min(1.0, uniforms.maxGradNorm / (norm[0] + 1e-6))' : ''};
      ${this.squared ? 'g = g * g;' : ''}
      setOutputAtIndex(index, moment[index] * uniforms.beta + g * (1.0 - uniforms.beta));`;
  }
}

/** θ·decay − stepSize·m/(√(v/c2) + ε) at the parameter's offset in the flat moments (fused-train-ops.ts `adamParam`). */
class AdamParamProgram extends PerOutputProgram {
  readonly variableNames = ['param', 'm', 'v'];
  readonly shaderKey = 'a0AdamParam';
  override uniforms = 'threads : i32, offset : i32, decay : f32, stepSize : f32, c2 : f32, epsilon : f32,';
  body(): string {
    return `
      let at = uniforms.offset + index;
      let update = (m[at] * uniforms.stepSize) / (sqrt(v[at] / uniforms.c2) + uniforms.epsilon);
      setOutputAtIndex(index, param[index] * uniforms.decay - update);`;
  }
}

const KERNELS: tf.KernelConfig[] = [
  {
    kernelName: LAYER_NORM,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { x, gain, bias } = inputs as Inputs;
      return run(backend, new LayerNormProgram(x!.shape), [x!, gain!, bias!]);
    },
  },
  {
    kernelName: LAYER_NORM_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { x, gain, dy } = inputs as Inputs;
      return run(backend, new LayerNormGradProgram(x!.shape), [x!, gain!, dy!]);
    },
  },
  {
    kernelName: COLUMN_SUMS,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { dy, x } = inputs as Inputs;
      const program = new ColumnSumsProgram(dy!.shape[1]!, x !== undefined);
      return (backend as WebGPUBackend).runWebGPUProgram(program, x ? [dy!, x] : [dy!], 'float32');
    },
  },
  {
    kernelName: EMBED_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { dy, ids } = inputs as Inputs;
      const { rows } = attrs as { rows: number };
      return run(backend, new EmbedGradProgram([rows, dy!.shape[1]!]), [dy!, ids!]);
    },
  },
  {
    kernelName: GRAD_NORM,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { g } = inputs as Inputs;
      return (backend as WebGPUBackend).runWebGPUProgram(new GradNormProgram(), [g!], 'float32');
    },
  },
  {
    kernelName: GELU,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { x } = inputs as Inputs;
      return run(backend, new GeluProgram(x!.shape), [x!]);
    },
  },
  {
    kernelName: ADAM_MOMENT,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { moment, grad, norm } = inputs as Inputs;
      const a = attrs as { beta: number; maxGradNorm: number; squared: boolean };
      const clipped = Number.isFinite(a.maxGradNorm);
      const program = new AdamMomentProgram(moment!.shape, clipped, a.squared);
      return run(
        backend,
        program,
        [moment!, grad!, norm!],
        [
          { type: 'float32', data: [a.beta] },
          { type: 'float32', data: [clipped ? a.maxGradNorm : 0] },
        ],
      );
    },
  },
  {
    kernelName: ADAM_PARAM,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { param, m, v } = inputs as Inputs;
      const a = attrs as { offset: number; decay: number; stepSize: number; c2: number; epsilon: number };
      return run(
        backend,
        new AdamParamProgram(param!.shape),
        [param!, m!, v!],
        [
          { type: 'int32', data: [a.offset] },
          { type: 'float32', data: [a.decay] },
          { type: 'float32', data: [a.stepSize] },
          { type: 'float32', data: [a.c2] },
          { type: 'float32', data: [a.epsilon] },
        ],
      );
    },
  },
  {
    kernelName: GELU_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { x, dy } = inputs as Inputs;
      return run(backend, new GeluGradProgram(x!.shape), [x!, dy!]);
    },
  },
];

/** Registers the kernels with tfjs for the `webgpu` backend (once; later calls do nothing). */
export function registerTrainKernels(): void {
  for (const k of [...KERNELS, ...LOSS_KERNELS, ...ATTENTION_KERNELS])
    if (!tf.getKernel(k.kernelName, 'webgpu')) tf.registerKernel(k);
}
