/**
 * Every custom WebGPU kernel stays within the storage buffers a shader stage may bind by default:
 * WebGPU's core limit `maxStorageBuffersPerShaderStage` is 8 (gpuweb, "Limits"), and Metal-backed
 * adapters offer no more than that (gpuweb#4235). A tfjs WebGPU program binds one storage buffer per
 * input (`variableNames`) and one for its output; its uniforms go in a uniform buffer, which does not
 * count. A program over the limit compiles on the adapters that raise it and fails on the others.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** WebGPU's default `maxStorageBuffersPerShaderStage`. */
const CORE_STORAGE_BUFFERS = 8;
const KERNELS = 'src/model/kernels';

/**
 * The input lists a source's programs can have: each `variableNames = [...]` array literal, and both
 * arms of a `variableNames = cond ? [...] : [...]` assignment, as lists of names.
 */
export function inputLists(source: string): string[][] {
  const lists: string[][] = [];
  for (const m of source.matchAll(/variableNames\s*=\s*([^;]+);/g)) {
    for (const arr of (m[1] ?? '').matchAll(/\[([^\]]*)\]/g))
      lists.push([...(arr[1] ?? '').matchAll(/'([^']+)'/g)].map((n) => n[1] ?? ''));
  }
  return lists;
}

describe('custom WebGPU kernels', () => {
  it('read the input lists of a hand-made source, both arms of a choice included', () => {
    const src = `readonly variableNames = ['a', 'b'];\n this.variableNames = f ? ['x'] : ['x', 'y', 'z'];`;
    expect(inputLists(src)).toEqual([['a', 'b'], ['x'], ['x', 'y', 'z']]);
  });

  it(`bind at most ${CORE_STORAGE_BUFFERS} storage buffers each (inputs plus the output)`, () => {
    const files = readdirSync(KERNELS).filter((f) => /^webgpu-.*\.ts$/.test(f) && f !== 'webgpu-program.ts');
    const programs = files.flatMap((f) =>
      inputLists(readFileSync(join(KERNELS, f), 'utf8')).map((inputs) => ({ f, inputs, buffers: inputs.length + 1 })),
    );
    // The four kernel files hold every program the fused paths dispatch (more than twenty lists).
    expect(files.sort()).toEqual(['webgpu-attention.ts', 'webgpu-decode.ts', 'webgpu-loss.ts', 'webgpu-train.ts']);
    expect(programs.length).toBeGreaterThan(20);
    expect(programs.filter((p) => p.buffers > CORE_STORAGE_BUFFERS)).toEqual([]);
    // The policy-token kernel reads seven per-token inputs: it sits exactly at the limit.
    expect(Math.max(...programs.map((p) => p.buffers))).toBe(CORE_STORAGE_BUFFERS);
  });
});
