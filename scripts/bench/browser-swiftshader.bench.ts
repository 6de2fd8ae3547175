/**
 * Bench section `browser-swiftshader`, run only when named (`npm run bench -- browser-swiftshader`):
 * the model's timings on WebGPU and WebGL in Chromium on SwiftShader, which emulates the GPU on the
 * CPU. They say nothing about a GPU's speed, and the first WebGPU run compiles every shader, so the
 * default run leaves them out (the `browser` section keeps their counts). `BENCH_BROWSER_BACKENDS`
 * (e.g. `webgpu`) picks the backends.
 */
import { withSpeedPage } from './model-speed-page';

export const name = 'browser-swiftshader';
export const optIn = true;

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const backends = (process.env.BENCH_BROWSER_BACKENDS ?? 'webgpu,webgl').split(',');
  return withSpeedPage(async (speed) => {
    const out: Record<string, unknown> = {};
    for (const backend of backends) {
      out[backend] = (await speed(`?backends=${backend}`))[backend];
      report({ [backend]: out[backend] });
    }
    return out;
  });
}
