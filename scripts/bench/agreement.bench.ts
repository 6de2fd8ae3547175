/**
 * Bench section `agreement` (`npm run bench -- agreement`): do the backends compute the same model?
 * Forced decoding as browser inference benches measure it (src/model/forced-decoding.ts): the base
 * model (public/models/base.a0lm) reads the held-out prompts and answers (model/bench/forced-set.ts)
 * on two backends, and the share of answer positions where their top-1 next tokens agree is
 * printed, with each backend's share of top-1 tokens that are the true answer token:
 * - Node: WASM against the CPU backend (tfjs's pure-JS reference kernels);
 * - Chromium (Debian's, the production build from tab.bench.ts's dist-bench/): WebGPU on SwiftShader
 *   (asked for by `backend=webgpu`; the page would skip it) against WASM, in one browser, a page
 *   each (a page's engine runs one backend), and the page's WASM against Node's WASM;
 * - Firefox ESR (WebDriver BiDi): WASM against CPU. Firefox ESR has no WebGPU here
 *   (navigator.gpu is missing), so its WebGPU is not measured.
 * The build is served by scripts/device/static-server.ts on `BENCH_AGREEMENT_PORT` (default 5180).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { Tokenizer } from '../../src/core/tokenizer';
import { selectBackend } from '../../src/model/backend/backend';
import { heldOutTop1 } from '../../src/model/bench/forced-set';
import { top1Agreement } from '../../src/model/forced-decoding';
import { TinyLM } from '../../src/model/model';
import { type ForcedTop1, type TopPage, pageTop1 } from '../../tests/e2e/forced-top1';
import { WEBGPU_LAUNCH } from '../../tests/e2e/webgpu-launch';
import { serveStatic } from '../device/static-server';
import { OUT_DIR, ensureBuild } from './tab.bench';

export const name = 'agreement';
export const optIn = true;
export const boundSeconds = 1200;

const PORT = Number(process.env.BENCH_AGREEMENT_PORT ?? 5180);
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

type Top1 = Pick<ForcedTop1, 'top1' | 'answers'>;

/** Agreement of two backends, as a rate with its counts. */
const agreement = (a: Top1, b: Top1) => {
  const r = top1Agreement(a.top1, b.top1);
  return { rate: Number(r.rate.toFixed(4)), agree: r.agree, positions: r.positions };
};
/** Share of top-1 tokens that are the true answer token. */
const accuracy = (a: Top1): number => Number(top1Agreement(a.top1, a.answers).rate.toFixed(4));

/** The base model's top-1 tokens on one backend in Node. */
async function nodeTop1(backend: 'wasm' | 'cpu'): Promise<Top1> {
  await selectBackend([backend]);
  const model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync('public/models/base.a0lm')), new Tokenizer());
  try {
    return await heldOutTop1(model);
  } finally {
    model.dispose();
  }
}

/** Each backend's page in one browser, in order. */
async function pagesTop1(
  newPage: () => Promise<TopPage & { close(): Promise<unknown> }>,
  origin: string,
  backends: string[],
): Promise<Record<string, ForcedTop1>> {
  const out: Record<string, ForcedTop1> = {};
  for (const backend of backends) {
    const page = await newPage();
    try {
      out[backend] = await pageTop1(page, origin, backend);
      if (out[backend].backend !== backend) throw new Error(`the page ran ${out[backend].backend}, not ${backend}`);
    } finally {
      await page.close();
    }
  }
  return out;
}

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const nodeWasm = await nodeTop1('wasm');
  const nodeCpu = await nodeTop1('cpu');
  out.node = {
    wasmVsCpu: agreement(nodeWasm, nodeCpu),
    accuracy: { wasm: accuracy(nodeWasm), cpu: accuracy(nodeCpu) },
  };
  report(out);
  out.build = await ensureBuild();
  const server = await serveStatic(OUT_DIR, PORT);
  const origin = `http://localhost:${PORT}`;
  try {
    const browser = await chromium.launch(WEBGPU_LAUNCH);
    try {
      const c = await pagesTop1(() => browser.newPage(), origin, ['webgpu', 'wasm']);
      const [webgpu, wasm] = [c.webgpu as ForcedTop1, c.wasm as ForcedTop1];
      out.chromium = {
        version: browser.version(),
        webgpu: 'SwiftShader (a fallback adapter, asked for by backend=webgpu)',
        webgpuVsWasm: agreement(webgpu, wasm),
        wasmVsNodeWasm: agreement(wasm, nodeWasm),
        accuracy: { webgpu: accuracy(webgpu), wasm: accuracy(wasm) },
      };
    } finally {
      await browser.close();
    }
    report(out);
    const firefox = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
    try {
      const hasGpu = await (async () => {
        const page = await firefox.newPage();
        await page.goto(`${origin}/manifest.webmanifest`);
        const gpu = await page.evaluate(() => 'gpu' in navigator);
        await page.close();
        return gpu;
      })();
      const f = await pagesTop1(() => firefox.newPage() as never, origin, ['wasm', 'cpu']);
      const [wasm, cpu] = [f.wasm as ForcedTop1, f.cpu as ForcedTop1];
      out.firefox = {
        version: await firefox.version(),
        webgpu: hasGpu ? 'navigator.gpu is there but not measured' : 'not measured: navigator.gpu is missing',
        wasmVsCpu: agreement(wasm, cpu),
        wasmVsNodeWasm: agreement(wasm, nodeWasm),
        accuracy: { wasm: accuracy(wasm), cpu: accuracy(cpu) },
      };
    } finally {
      await firefox.close();
    }
  } finally {
    server.close();
  }
  return out;
}
