/**
 * Model section of `npm run bench`: every Node backend (wasm, cpu) side by side (src/model/bench/speed.ts),
 * and, in the same run, the PyTorch peers of the same model in ../shared/bench when Debian's
 * python3-torch is installed (a yardstick only: nothing in the project needs Python), with the
 * ratios tfjs/PyTorch for a training step and for cached generation (B = 8, and B = 160: as wide as a
 * classroom phase's generation).
 *
 * Each ratio is taken in ROUNDS rounds that run the peer once and then tfjs once, so that both meet
 * the same state of a shared machine; the bench prints every round's pair and the median ratio with
 * the lowest and highest. (One pair alone moved by ±30 % from run to run on the 2-core machine.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { measureModelSpeed, modelTimers } from '../../src/model/bench/speed';

export const name = 'model';

const PEERS = '../shared/bench';
const PYTHON = '/usr/bin/python3';
/** Sequences generated side by side in the wide measurement. */
const WIDE = 160;
/** Rounds of each paired measurement. */
const ROUNDS = 7;

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

/** One paired measurement: the peer's figure and tfjs's, and which way round the ratio is taken. */
interface Pairing {
  name: 'trainStep' | 'cachedGeneration' | 'cachedGenerationWide';
  peer: () => Record<string, number> | string;
  /** The peer's figure in its dict. */
  key: string;
  tfjs: () => Promise<number>;
  /** tfjs time / PyTorch time: for ms that is tfjs / PyTorch, for tokens/s PyTorch / tfjs. */
  ratio: (torch: number, tfjs: number) => number;
}

const round2 = (v: number) => Number(v.toFixed(2));

/** The pairing's rounds: each figure, the ratios, and their median, lowest and highest; or why the peer did not run. */
async function rounds(p: Pairing): Promise<Record<string, unknown> | string> {
  const torch: number[] = [];
  const tfjs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = p.peer();
    if (typeof r === 'string') return r;
    torch.push(r[p.key] as number);
    tfjs.push(Math.round(await p.tfjs()));
  }
  const ratios = torch.map((t, i) => round2(p.ratio(t, tfjs[i] as number)));
  const sorted = [...ratios].sort((a, b) => a - b);
  return { torch, tfjs, ratios, median: sorted[ROUNDS >> 1], lowest: sorted[0], highest: sorted[ROUNDS - 1] };
}

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const backend of ['wasm', 'cpu'] as const) {
    out[backend] = await measureModelSpeed(backend, backend === 'wasm' ? { wideBatch: WIDE } : {});
    report({ [backend]: out[backend] });
  }
  const timers = await modelTimers('wasm', [8, WIDE]);
  const pairings: Pairing[] = [
    {
      name: 'trainStep',
      peer: () => peer('torch_train.py', ['1']),
      key: 'msPerStep',
      tfjs: timers.trainStep,
      ratio: (torch, tfjs) => tfjs / torch,
    },
    ...[8, WIDE].map((b): Pairing => ({
      name: b === 8 ? 'cachedGeneration' : 'cachedGenerationWide',
      peer: () => peer('torch_gen.py', ['1', String(b)]),
      key: 'genTokPerS',
      tfjs: () => timers.generation(b),
      ratio: (torch, tfjs) => torch / tfjs,
    })),
  ];
  const paired: Record<string, unknown> = {};
  try {
    for (const p of pairings) {
      paired[p.name] = await rounds(p);
      report({ [`paired ${p.name}`]: paired[p.name] });
    }
  } finally {
    timers.dispose();
  }
  out.wasmBesideTorch = paired;
  out.wasmOverTorch = {
    ...Object.fromEntries(
      Object.entries(paired).map(([k, v]) => [k, typeof v === 'string' ? v : (v as { median: number }).median]),
    ),
    rounds: ROUNDS,
    targets: `train ≤ 0.6, generation ≤ 1.5 at B = 8 and ≤ 1 at B = ${WIDE} (issue #27); each the median of the rounds`,
  };
  return out;
}
