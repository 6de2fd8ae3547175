/**
 * Causal self-attention of whole sequences on WebGPU in three dispatches, forward and backward,
 * where tfjs's kernels took 22 per layer (the heads cut out of the Q, K, V product by a transpose
 * and three slices, the scale, the scores' product, the causal bias, softmax, the weighted sum and
 * the heads merged back; backward, four products, softmax's gradient in four kernels, the scale,
 * and the pieces stacked and transposed back). Each program reads the product h·W_qkv as it comes,
 * rows [B·T, 3d] laid out [b, t, (q | k | v), head, e], and writes rows: no transposes. Registered
 * with the training kernels (webgpu-train.ts); fused-ops.ts `causalAttention` calls them through
 * fused-train-ops.ts. Formulas (dh = d/H, σ the scale 1/√dh, causal: key j ≤ query i):
 *   s_ij = σ·q_i·k_j,  P_ij = exp(s_ij − max_j s_ij) / Σ_j exp(s_ij − max_j s_ij),  o_i = Σ_j P_ij v_j;
 *   dP_ij = do_i·v_j,  dS_ij = P_ij·(dP_ij − Σ_j P_ij dP_ij),
 *   dq_i = σ·Σ_j dS_ij k_j,  dk_j = σ·Σ_i dS_ij q_i,  dv_j = Σ_i P_ij do_i.
 */
import type * as tf from '@tensorflow/tfjs';
import { ATTENTION, ATTENTION_GRAD, ATTENTION_SCORES_GRAD } from './fused-train-ops';
import { type Inputs, PerOutputProgram, type Uniform, run } from './webgpu-program';

export interface AttentionAttrs {
  /** Sequence length T (the rows are B·T). */
  seq: number;
  heads: number;
  /** σ = 1/√dh. */
  scale: number;
}

const uniformsOf = (a: AttentionAttrs): Uniform[] => [
  { type: 'int32', data: [a.seq] },
  { type: 'int32', data: [a.heads] },
  { type: 'float32', data: [a.scale] },
];

/**
 * WGSL for the thread of query row i of head h in sequence b (index = (b·H + h)·T + i): its
 * place in the rows (`rowBase` = b·T, `col` = h·dh), q_i already scaled (`q`), and the scores'
 * maximum `top` and normaliser `total` over the keys j ≤ i (`score(j)` gives s_ij).
 */
function rowSoftmax(dh: number): string {
  return `
      let t = uniforms.seq;
      let heads = uniforms.heads;
      let d = heads * ${dh};
      let d3 = 3 * d;
      let i = index % t;
      let bh = index / t;
      let rowBase = (bh / heads) * t;
      let col = (bh % heads) * ${dh};
      var q : array<f32, ${dh}>;
      for (var e = 0; e < ${dh}; e++) { q[e] = qkv[(rowBase + i) * d3 + col + e] * uniforms.scale; }
      var top = -3.402823e+38;
      for (var j = 0; j <= i; j++) { top = max(top, score(&q, (rowBase + j) * d3 + d + col)); }
      var total = 0.0;
      for (var j = 0; j <= i; j++) { total += exp(score(&q, (rowBase + j) * d3 + d + col) - top); }`;
}

/** WGSL: s = q·k for the key at `at` in qkv. */
function scoreFunction(dh: number): string {
  return `
    fn score(q : ptr<function, array<f32, ${dh}>>, at : i32) -> f32 {
      var s = 0.0;
      for (var e = 0; e < ${dh}; e++) { s += (*q)[e] * qkv[at + e]; }
      return s;
    }`;
}

abstract class AttentionProgram extends PerOutputProgram {
  override uniforms = 'threads : i32, seq : i32, heads : i32, scale : f32,';
  constructor(
    outputShape: number[],
    threads: number,
    protected readonly dh: number,
  ) {
    super(outputShape, threads);
  }
  override getUserCode(): string {
    return `${scoreFunction(this.dh)}
      ${super.getUserCode()}`;
  }
}

/** o_i for every query row: rows [B·T, d] from qkv rows [B·T, 3d]; one thread per row and head. */
class AttentionForwardProgram extends AttentionProgram {
  readonly variableNames = ['qkv'];
  readonly shaderKey: string;
  constructor(rows: number, heads: number, dh: number) {
    super([rows, heads * dh], rows * heads, dh);
    this.shaderKey = `a0Attention_${dh}`;
  }
  body(): string {
    return `${rowSoftmax(this.dh)}
      var acc : array<f32, ${this.dh}>;
      for (var j = 0; j <= i; j++) {
        let at = (rowBase + j) * d3 + d + col;
        let p = exp(score(&q, at) - top);
        for (var e = 0; e < ${this.dh}; e++) { acc[e] += p * qkv[at + d + e]; }
      }
      for (var e = 0; e < ${this.dh}; e++) { setOutputAtIndex((rowBase + i) * d + col + e, acc[e] / total); }`;
  }
}

/**
 * [2, B·H·T·T]: P (plane 0) and dS (plane 1), each laid out [b, h, i, j], from qkv and the upstream
 * gradient do [B·T, d], 0 above the diagonal; one thread per query row and head.
 */
class AttentionScoresGradProgram extends AttentionProgram {
  readonly variableNames = ['qkv', 'dOut'];
  readonly shaderKey: string;
  constructor(rows: number, seq: number, heads: number, dh: number) {
    super([2, rows * heads * seq], rows * heads, dh);
    this.shaderKey = `a0AttentionScoresGrad_${dh}`;
  }
  body(): string {
    return `${rowSoftmax(this.dh)}
      var g : array<f32, ${this.dh}>;
      for (var e = 0; e < ${this.dh}; e++) { g[e] = dOut[(rowBase + i) * d + col + e]; }
      var mix = 0.0;
      for (var j = 0; j <= i; j++) {
        let at = (rowBase + j) * d3 + d + col;
        mix += exp(score(&q, at) - top) / total * score(&g, at + d);
      }
      let plane = uniforms.threads * t;
      for (var j = 0; j < t; j++) {
        var p = 0.0;
        var ds = 0.0;
        if (j <= i) {
          let at = (rowBase + j) * d3 + d + col;
          p = exp(score(&q, at) - top) / total;
          ds = p * (score(&g, at + d) - mix);
        }
        setOutputAtIndex(index * t + j, p);
        setOutputAtIndex(plane + index * t + j, ds);
      }`;
  }
}

/** ∂qkv rows [B·T, 3d] from P and dS (`AttentionScoresGradProgram`), qkv and do; one thread per number. */
class AttentionGradProgram extends AttentionProgram {
  readonly variableNames = ['planes', 'qkv', 'dOut'];
  readonly shaderKey: string;
  constructor(rows: number, heads: number, dh: number) {
    super([rows, 3 * heads * dh], rows * 3 * heads * dh, dh);
    this.shaderKey = `a0AttentionGrad_${dh}`;
  }
  body(): string {
    return `
      let t = uniforms.seq;
      let heads = uniforms.heads;
      let d = heads * ${this.dh};
      let d3 = 3 * d;
      let row = index / d3;
      let c3 = index - row * d3;
      let part = c3 / d;
      let col = c3 - part * d;
      let h = col / ${this.dh};
      let b = row / t;
      let pos = row - b * t;
      let rowBase = b * t;
      let square = ((b * heads + h) * t) * t;
      let plane = uniforms.outShape[0] * heads * t;
      var acc = 0.0;
      if (part == 0) {
        for (var j = 0; j <= pos; j++) { acc += planes[plane + square + pos * t + j] * qkv[(rowBase + j) * d3 + d + col]; }
        acc = acc * uniforms.scale;
      } else if (part == 1) {
        for (var i = pos; i < t; i++) { acc += planes[plane + square + i * t + pos] * qkv[(rowBase + i) * d3 + col]; }
        acc = acc * uniforms.scale;
      } else {
        for (var i = pos; i < t; i++) { acc += planes[square + i * t + pos] * dOut[(rowBase + i) * d + col]; }
      }
      setOutputAtIndex(index, acc);`;
  }
}

const headSize = (qkv: tf.TensorInfo, heads: number) => (qkv.shape[1] as number) / 3 / heads;

export const ATTENTION_KERNELS: tf.KernelConfig[] = [
  {
    kernelName: ATTENTION,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { qkv } = inputs as Inputs;
      const a = attrs as unknown as AttentionAttrs;
      const program = new AttentionForwardProgram(qkv!.shape[0]!, a.heads, headSize(qkv!, a.heads));
      return run(backend, program, [qkv!], uniformsOf(a));
    },
  },
  {
    kernelName: ATTENTION_SCORES_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { qkv, dOut } = inputs as Inputs;
      const a = attrs as unknown as AttentionAttrs;
      const program = new AttentionScoresGradProgram(qkv!.shape[0]!, a.seq, a.heads, headSize(qkv!, a.heads));
      return run(backend, program, [qkv!, dOut!], uniformsOf(a));
    },
  },
  {
    kernelName: ATTENTION_GRAD,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { planes, qkv, dOut } = inputs as Inputs;
      const a = attrs as unknown as AttentionAttrs;
      const program = new AttentionGradProgram(qkv!.shape[0]!, a.heads, headSize(qkv!, a.heads));
      return run(backend, program, [planes!, qkv!, dOut!], uniformsOf(a));
    },
  },
];
