/**
 * The column-sums probe of tests/e2e/pages/model-webgpu.ts: the fused column sums on WebGPU
 * (src/model/kernels/webgpu-train.ts) of a matrix with more rows than the workgroup that sums a
 * column has lanes, beside the same sums computed here in float64.
 */
import * as tf from '@tensorflow/tfjs';
import { columnSums } from '../../../src/model/kernels/fused-train-ops';

/** Rows and columns of the column-sums probe: over twice the 64 lanes that sum a column, so each lane sums two or three rows. */
const PROBE_ROWS = 150;
const PROBE_COLUMNS = 7;

/** The fused column sums (webgpu-train.ts) of dy, and of dy·x̂ (x̂ the rows of x standardised, ε 1e-5), with the same sums computed here in float64. */
export async function columnSumsProbe(): Promise<{ fused: number[][]; exact: number[][] }> {
  const grid = (f: (i: number, k: number) => number) =>
    Array.from({ length: PROBE_ROWS }, (_, i) => Array.from({ length: PROBE_COLUMNS }, (_, k) => f(i, k)));
  const dy = grid((i, k) => Math.sin(0.37 * i + 1.3 * k) * (1 + (i % 5)));
  const x = grid((i, k) => Math.cos(0.11 * i * (k + 1)) + 0.1 * k);
  const xHat = x.map((row) => {
    const mean = row.reduce((a, b) => a + b, 0) / row.length;
    const variance = row.reduce((a, b) => a + (b - mean) ** 2, 0) / row.length;
    return row.map((v) => (v - mean) / Math.sqrt(variance + 1e-5));
  });
  const sumColumns = (f: (i: number, k: number) => number) =>
    Array.from({ length: PROBE_COLUMNS }, (_, k) => dy.reduce((a, _, i) => a + f(i, k), 0));
  const exact = [sumColumns((i, k) => dy[i]![k]!), sumColumns((i, k) => dy[i]![k]! * xHat[i]![k]!)];
  const dyT = tf.tensor2d(dy);
  const xT = tf.tensor2d(x);
  const sums = [columnSums(dyT), columnSums(dyT, xT)];
  const fused = await Promise.all(sums.map(async (t) => Array.from(await t.data())));
  tf.dispose([dyT, xT, ...sums]);
  return { fused, exact };
}
