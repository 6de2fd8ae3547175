/**
 * Generation on WebGPU in few dispatches: six fused kernels (the forward pass and the draw),
 * registered with tfjs for the `webgpu` backend only (so tf.profile counts each as one kernel),
 * each one WGSL program run through the backend's program API, one thread per output number (per
 * row and head for attention, per row for the draw). Called through fused-decode-ops.ts by
 * decode.ts (`fusedExtend`) and sampling.ts; each is checked against tfjs's own kernels by
 * tests/e2e/model-webgpu.spec.ts, and at start by fused-decode-check.ts. Forward only: nothing is
 * differentiated through them.
 *
 * Shapes come in as the programs' shape uniforms, so one compiled program serves every size.
 * Loaded with the WebGPU backend (backend.ts), never in a WASM-only page.
 */
import * as tf from '@tensorflow/tfjs';
import { GELU_A, GELU_K } from './gelu-constants';
import { type Inputs, PerOutputProgram, rowStats, run, type Uniform } from './webgpu-program';
import { AFFINE_RESIDUAL, CACHE_WRITE, CACHED_ATTENTION, EMBED, NORM_AFFINE, SAMPLE } from './fused-decode-ops';

/**
 * y = x̂·W + b, optionally followed by gelu: x [m, d] → [m, n], with W [d, n], b [n] and x̂ the
 * row's layer norm without gain or bias (generation folds those into W and b, decode.ts).
 */
class NormAffineProgram extends PerOutputProgram {
  readonly variableNames = ['rows', 'weight', 'shift'];
  readonly shaderKey: string;
  constructor(
    outputShape: number[],
    private readonly gelu: boolean,
  ) {
    super(outputShape);
    this.shaderKey = `a0NormAffine_${gelu}`;
  }
  body(): string {
    return `
      let n = uniforms.outShape[1];
      let d = uniforms.rowsShape[1];
      let row = index / n;
      let col = index - row * n;
      let base = row * d;
      ${rowStats('rows', 'base', 'd')}
      var acc = 0.0;
      for (var k = 0; k < d; k++) { acc += (rows[base + k] - mean) * rstd * weight[k * n + col]; }
      var y = acc + shift[col];
      ${this.gelu ? `y = y / (1.0 + exp(-${GELU_K} * y * (1.0 + ${GELU_A} * y * y)));` : ''}
      setOutputAtIndex(index, y);`;
  }
}

/** y = r + h·W (+ b): the residual r [m, n] plus the product of h [m, k] and W [k, n]. */
class AffineResidualProgram extends PerOutputProgram {
  readonly variableNames: string[];
  readonly shaderKey: string;
  constructor(
    outputShape: number[],
    private readonly withShift: boolean,
  ) {
    super(outputShape);
    this.variableNames = withShift ? ['residual', 'hidden', 'weight', 'shift'] : ['residual', 'hidden', 'weight'];
    this.shaderKey = `a0AffineResidual_${withShift}`;
  }
  body(): string {
    return `
      let n = uniforms.outShape[1];
      let k = uniforms.hiddenShape[1];
      let row = index / n;
      let col = index - row * n;
      var acc = 0.0;
      for (var i = 0; i < k; i++) { acc += hidden[row * k + i] * weight[i * n + col]; }
      setOutputAtIndex(index, residual[index] + (acc${this.withShift ? ' + shift[col]' : ''}));`;
  }
}

/**
 * Which new token, if any, writes cache row r (kv-cache.ts layout): with `spans` [2, B] holding
 * each sequence's cursor (row 0) and its count of new tokens n (row 1), row
 * (b·H + h)·(cap + 1) + pos takes new token j = pos − cursor[b] when 0 ≤ j < n[b] and pos < cap.
 * Sets `b`, `h`, `j` and `writes`.
 */
const CACHE_ROW = `
      let blocks = uniforms.heads;
      let stride = uniforms.capacity + 1;
      let seqs = uniforms.spansShape[1];
      let block = r / stride;
      let pos = r - block * stride;
      let b = block / blocks;
      let h = block - b * blocks;
      let j = pos - spans[b];
      let writes = pos < uniforms.capacity && j >= 0 && j < spans[seqs + b];`;

/**
 * The cache [B·H·(cap + 1), dh] with this step's keys (or values) written in: row r of a new token
 * (CACHE_ROW) takes head h's columns of x̂·W + b for that token's row b·L + j of x [B·L, d]; every
 * other row is copied. One dispatch where `tensorScatterUpdate` of separately computed rows took
 * the layer norm's seven, the product and the scatter.
 */
class CacheWriteProgram extends PerOutputProgram {
  readonly variableNames = ['cached', 'rows', 'weight', 'shift', 'spans'];
  readonly shaderKey = 'a0CacheWrite';
  override uniforms = 'threads : i32, heads : i32, capacity : i32,';
  body(): string {
    return `
      let dh = uniforms.outShape[1];
      let r = index / dh;
      let e = index - r * dh;
      ${CACHE_ROW}
      if (!writes) {
        setOutputAtIndex(index, cached[index]);
        return;
      }
      let d = uniforms.rowsShape[1];
      let l = uniforms.rowsShape[0] / seqs;
      let base = (b * l + j) * d;
      let col = h * dh + e;
      ${rowStats('rows', 'base', 'd')}
      var acc = 0.0;
      for (var k = 0; k < d; k++) { acc += (rows[base + k] - mean) * rstd * weight[k * d + col]; }
      setOutputAtIndex(index, acc + shift[col]);`;
  }
}

/**
 * Attention of the new tokens against the cache, merged back to rows: output [B·L, d], column
 * h·dh + e of row b·L + j is Σ_p softmax_p(q·k_p)·v_p[e] over key positions p < min(cursor[b] + j
 * + 1, cap) of sequence b, head h (queries already scaled by 1/√dh). One thread per row and head
 * computes each score once and keeps dh running sums; one pass with a running maximum (m ←
 * max(m, s), the sums rescaled by exp(m_old − m)), which is the masked softmax of decode.ts without
 * its −1e9 entries (their weight is exactly 0 in float32).
 */
class CachedAttentionProgram extends PerOutputProgram {
  readonly variableNames = ['queries', 'keyRows', 'valueRows', 'spans'];
  readonly shaderKey: string;
  override uniforms = 'threads : i32, heads : i32, capacity : i32,';
  constructor(
    outputShape: number[],
    heads: number,
    private readonly dh: number,
  ) {
    super(outputShape, (outputShape[0] as number) * heads);
    this.shaderKey = `a0CachedAttention_${dh}`;
  }
  override body(): string {
    const dh = this.dh;
    return `
      let d = uniforms.outShape[1];
      let seqs = uniforms.spansShape[1];
      let l = uniforms.outShape[0] / seqs;
      let row = index / uniforms.heads;
      let h = index - row * uniforms.heads;
      let b = row / l;
      let j = row - b * l;
      let visible = min(spans[b] + j + 1, uniforms.capacity);
      let base = (b * uniforms.heads + h) * (uniforms.capacity + 1);
      let q = row * d + h * ${dh};
      var top = -3.402823e+38;
      var total = 0.0;
      var acc : array<f32, ${dh}>;
      for (var p = 0; p < visible; p++) {
        let at = (base + p) * ${dh};
        var score = 0.0;
        for (var t = 0; t < ${dh}; t++) { score += queries[q + t] * keyRows[at + t]; }
        let next = max(top, score);
        let kept = exp(top - next);
        let weight = exp(score - next);
        total = total * kept + weight;
        for (var e = 0; e < ${dh}; e++) { acc[e] = acc[e] * kept + weight * valueRows[at + e]; }
        top = next;
      }
      for (var e = 0; e < ${dh}; e++) { setOutputAtIndex(q + e, acc[e] / total); }`;
  }
}

/** Rows [m, d] = tokenTable[ids[i]] + positionTable[positions[i]]: the input embedding in one dispatch. */
class EmbedProgram extends PerOutputProgram {
  readonly variableNames = ['tokenTable', 'positionTable', 'tokenIds', 'positionIds'];
  readonly shaderKey = 'a0Embed';
  body(): string {
    return `
      let d = uniforms.outShape[1];
      let row = index / d;
      let col = index - row * d;
      setOutputAtIndex(index, tokenTable[tokenIds[row] * d + col] + positionTable[positionIds[row] * d + col]);`;
  }
}

/**
 * One draw per row of logits [B, V] by inverse CDF, as sampling.ts does without truncation: with
 * z = logits / T and w_i = exp(z_i − max z), the id is the number of positions whose cumulative
 * weight c_i = Σ_{j≤i} w_j satisfies c_i ≤ u·Σ w (at most V − 1). One thread per row adds the
 * weights in the vocabulary's order, as the CPU backend's sum and cumsum do.
 */
class SampleProgram extends PerOutputProgram {
  readonly variableNames = ['logits', 'draws'];
  readonly shaderKey = 'a0Sample';
  override uniforms = 'threads : i32, temperature : f32,';
  body(): string {
    return `
      let v = uniforms.logitsShape[1];
      let base = index * v;
      var top = -3.402823e+38;
      for (var i = 0; i < v; i++) { top = max(top, logits[base + i] / uniforms.temperature); }
      var total = 0.0;
      for (var i = 0; i < v; i++) { total += exp(logits[base + i] / uniforms.temperature - top); }
      let threshold = draws[index] * total;
      var below = 0;
      var running = 0.0;
      for (var i = 0; i < v; i++) {
        running += exp(logits[base + i] / uniforms.temperature - top);
        if (running - threshold <= 0.0) { below++; }
      }
      setOutputAtIndexI32(index, min(below, v - 1));`;
  }
}

const cacheUniforms = (attrs: unknown): Uniform[] => {
  const a = attrs as { heads: number; capacity: number };
  return [
    { type: 'int32', data: [a.heads] },
    { type: 'int32', data: [a.capacity] },
  ];
};

const KERNELS: tf.KernelConfig[] = [
  {
    kernelName: NORM_AFFINE,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { x, w, b } = inputs as Inputs;
      const program = new NormAffineProgram([x!.shape[0]!, w!.shape[1]!], (attrs as { gelu: boolean }).gelu);
      return run(backend, program, [x!, w!, b!]);
    },
  },
  {
    kernelName: AFFINE_RESIDUAL,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { residual, h, w, b } = inputs as Inputs;
      const program = new AffineResidualProgram(residual!.shape, b !== undefined);
      return run(backend, program, b ? [residual!, h!, w!, b] : [residual!, h!, w!]);
    },
  },
  {
    kernelName: CACHE_WRITE,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { cache, x, w, b, spans } = inputs as Inputs;
      return run(backend, new CacheWriteProgram(cache!.shape), [cache!, x!, w!, b!, spans!], cacheUniforms(attrs));
    },
  },
  {
    kernelName: CACHED_ATTENTION,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { q, keys, values, spans } = inputs as Inputs;
      const { heads } = attrs as { heads: number };
      const program = new CachedAttentionProgram(q!.shape, heads, keys!.shape[1]!);
      return run(backend, program, [q!, keys!, values!, spans!], cacheUniforms(attrs));
    },
  },
  {
    kernelName: EMBED,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend }) => {
      const { tokens, positions, ids, at } = inputs as Inputs;
      const program = new EmbedProgram([ids!.shape[0]!, tokens!.shape[1]!]);
      return run(backend, program, [tokens!, positions!, ids!, at!]);
    },
  },
  {
    kernelName: SAMPLE,
    backendName: 'webgpu',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const { logits, uniforms } = inputs as Inputs;
      const { temperature } = attrs as { temperature: number };
      const program = new SampleProgram([logits!.shape[0]!]);
      return run(backend, program, [logits!, uniforms!], [{ type: 'float32', data: [temperature] }], 'int32');
    },
  },
];

/** Registers the kernels with tfjs for the `webgpu` backend (once; later calls do nothing). */
export function registerDecodeKernels(): void {
  for (const k of KERNELS) if (!tf.getKernel(k.kernelName, 'webgpu')) tf.registerKernel(k);
}
