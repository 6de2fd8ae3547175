/**
 * What the fused WebGPU kernels (webgpu-decode.ts, webgpu-train.ts) share: a program with one
 * thread per output number, the WGSL of a layer norm's row statistics, the constants of gelu and
 * layer norm (fast-ops.ts computes the same), and running a program through tfjs's WebGPU backend.
 */
import type * as tf from '@tensorflow/tfjs';
import { type WebGPUBackend, type WebGPUProgram, webgpu_util } from '@tensorflow/tfjs-backend-webgpu';

/** WebGPU allows at most this many workgroups along one dispatch dimension. */
const MAX_WORKGROUPS = 65535;
const WORKGROUP = 64;
export const LN_EPS = 1e-5;

export type Uniform = { type: 'int32' | 'float32'; data: number[] };

/**
 * WGSL of one layer-norm statistic pass over row `base` of `src` (width `d`): sets `mean` and
 * `rstd` = 1/√(mean((x − mean)²) + 1e-5), the x̂ = (x − mean)·rstd of fast-ops `standardise`.
 */
export function rowStats(src: string, base: string, d: string): string {
  return `
    var mean = 0.0;
    for (var k = 0; k < ${d}; k++) { mean += ${src}[${base} + k]; }
    mean = mean / f32(${d});
    var squares = 0.0;
    for (var k = 0; k < ${d}; k++) { let c = ${src}[${base} + k] - mean; squares += c * c; }
    let rstd = inverseSqrt(squares / f32(${d}) + ${LN_EPS});`;
}

/**
 * A program with one thread per output number (or per `threads` work items), over as many
 * workgroups as that needs; `main(index)` returns for an index past the work.
 */
export abstract class PerOutputProgram implements WebGPUProgram {
  readonly outputShape: number[];
  readonly dispatchLayout: { x: number[] };
  readonly dispatch: [number, number, number];
  readonly workgroupSize: [number, number, number] = [WORKGROUP, 1, 1];
  abstract readonly variableNames: string[];
  abstract readonly shaderKey: string;
  /** Declared uniforms: the work items first (`run` passes their count), then the program's own. */
  uniforms = 'threads : i32,';

  constructor(
    outputShape: number[],
    readonly threads = outputShape.reduce((a, b) => a * b, 1),
  ) {
    this.outputShape = outputShape;
    this.dispatchLayout = webgpu_util.flatDispatchLayout(outputShape);
    const groups = Math.ceil(threads / WORKGROUP);
    // Past the limit the groups are laid out in rows; tfjs's getGlobalIndex reads them back flat.
    const rows = Math.ceil(groups / MAX_WORKGROUPS);
    this.dispatch = [Math.ceil(groups / rows), rows, 1];
  }

  abstract body(): string;

  getUserCode(): string {
    return `
      fn main(index : i32) {
        if (index >= uniforms.threads) { return; }
        ${this.body()}
      }`;
  }
}

export type Inputs = Record<string, tf.TensorInfo>;
export const run = (
  backend: unknown,
  program: PerOutputProgram,
  inputs: tf.TensorInfo[],
  uniforms: Uniform[] = [],
  dtype: 'float32' | 'int32' = 'float32',
) =>
  (backend as WebGPUBackend).runWebGPUProgram(program, inputs, dtype, [
    { type: 'int32', data: [program.threads] },
    ...uniforms,
  ]);
