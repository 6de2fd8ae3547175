/**
 * Model section of `npm run bench`: every Node backend (wasm, cpu) side by side (src/model/speed.ts),
 * and, in the same run, the PyTorch peers of the same model in ../shared/bench when Debian's
 * python3-torch is installed (a yardstick only: nothing in the project needs Python), with the
 * ratios tfjs/PyTorch for a training step and for cached generation (B = 8, and B = 160: as wide as a
 * classroom phase's generation).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { measureModelSpeed } from '../../src/model/speed';

export const name = 'model';

const PEERS = '../shared/bench';
const PYTHON = '/usr/bin/python3';
/** Sequences generated side by side in the wide measurement. */
const WIDE = 160;

/** The dict a peer script prints, or the reason there is none. */
function peer(script: string, args: string[]): Record<string, number> | string {
  const path = `${PEERS}/${script}`;
  if (!existsSync(path) || !existsSync(PYTHON)) return `${path} or ${PYTHON} not found`;
  const r = spawnSync(PYTHON, [path, ...args], { encoding: 'utf8', timeout: 300_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{'))
    return `${script} failed: ${(r.stderr || line).trim().split('\n').pop()}`;
  return JSON.parse(line.replace(/'/g, '"')) as Record<string, number>;
}

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const train = peer('torch_train.py', ['1']);
  const gen = peer('torch_gen.py', ['1', '8']);
  const genWide = peer('torch_gen.py', ['1', String(WIDE)]);
  out.torch = { train, gen, genWide };
  report({ torch: out.torch });
  for (const backend of ['wasm', 'cpu'] as const) {
    out[backend] = await measureModelSpeed(backend, backend === 'wasm' ? { wideBatch: WIDE } : {});
    report({ [backend]: out[backend] });
  }
  const wasm = out.wasm as Record<string, number>;
  // Each ratio is tfjs time / PyTorch time (ms over ms, or PyTorch's tok/s over ours), where its peer ran.
  const ratio = (numerator: number | undefined, denominator: number | undefined) =>
    numerator && denominator ? Number((numerator / denominator).toFixed(2)) : undefined;
  out.wasmOverTorch = {
    trainStep: typeof train === 'object' ? ratio(wasm.msPerTrainStep, train.msPerStep) : undefined,
    cachedGeneration: typeof gen === 'object' ? ratio(gen.genTokPerS, wasm.cachedGenTokensPerSec) : undefined,
    cachedGenerationWide:
      typeof genWide === 'object' ? ratio(genWide.genTokPerS, wasm.cachedGenWideTokensPerSec) : undefined,
    targets: `train ≤ 0.6, generation ≤ 1.5 at B = 8 and ≤ 1 at B = ${WIDE} (issue #27)`,
  };
  return out;
}
