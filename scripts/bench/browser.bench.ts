/**
 * Browser section of `npm run bench`: the model inside Debian's Chromium (model-speed-page.ts), one
 * page per backend, each reported as it ends. WASM and CPU are timed; WebGPU and WebGL run on
 * SwiftShader here (the GPU emulated on the CPU), so only their kernel and dispatch counts are taken
 * (the section `browser-swiftshader`, run only when named, times them). The page is cross-origin
 * isolated, so WASM runs tfjs's threaded SIMD build: the section names the build and its threads,
 * and times WASM again asking for 1 and for 2 threads (`wasmThreads`), each in a fresh page (the
 * pool is fixed when WASM starts) that reports twice as many logical cores as threads wanted. Each
 * entry's `wasmThreads` is the count tfjs reports it runs: in Debian's Chromium on a 2-core machine
 * it stayed 1 even when 2 were asked.
 */
import { withSpeedPage } from './model-speed-page';

export const name = 'browser';

/** Backends whose timings would be SwiftShader's: counted only. */
const COUNTED = ['webgpu', 'webgl'];
const TIMED = ['wasm', 'cpu'];

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  return withSpeedPage(async (speed) => {
    const out: Record<string, unknown> = {
      swiftShader: 'WebGPU and WebGL: counts only (npm run bench -- browser-swiftshader times them)',
    };
    for (const backend of [...COUNTED, ...TIMED]) {
      const page = await speed(`?backends=${backend}${COUNTED.includes(backend) ? `&counts=${backend}` : ''}`);
      out.crossOriginIsolated ??= page.crossOriginIsolated;
      out[backend] = page[backend];
      report({ crossOriginIsolated: out.crossOriginIsolated, [backend]: out[backend] });
    }
    const wasmThreads: Record<string, unknown> = {};
    for (const n of [1, 2]) {
      wasmThreads[n] = (await speed(`?backends=wasm&threads=${n}`, 2 * n)).wasm;
      report({ wasmThreads });
    }
    return { ...out, wasmThreads };
  });
}
