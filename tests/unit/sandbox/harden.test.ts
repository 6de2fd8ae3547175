/**
 * The JS layer of the sandbox (src/sandbox/harden.ts), applied inside a throwaway worker thread:
 * afterwards the scope has no process, require, fetch or eval, and no function constructor works.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tsxApiURL } from '../../../src/sandbox/node.ts';

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const post = parentPort.postMessage.bind(parentPort);
const attempt = (fn) => { try { return 'allowed: ' + fn(); } catch (err) { return 'refused: ' + err.message; } };
import(workerData.loader)
  .then((api) => api.tsImport(workerData.harden, workerData.harden))
  .then((harden) => {
    harden.stripGlobals(harden.NODE_GLOBALS);
    harden.disableFunctionConstructors();
    post({
      globals: ['process', 'require', 'fetch', 'eval'].map((name) => typeof globalThis[name]),
      plain: attempt(() => (function () {}).constructor('return 1')()),
      async: attempt(() => typeof (async function () {}).constructor('return 1')),
      generator: attempt(() => typeof (function* () {}).constructor('yield 1')),
      arrow: attempt(() => (() => 0).constructor('return 2')()),
      ordinary: [1, 2, 3].map((x) => x * 2).join(','),
    });
  });
`;

describe('hardened worker scope', () => {
  it('removes host globals and function constructors, leaving ordinary code working', async () => {
    const harden = new URL('../../../src/sandbox/harden.ts', import.meta.url).href;
    const worker = new Worker(PROBE, { eval: true, workerData: { loader: tsxApiURL(), harden } });
    const report = await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(report.globals).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    for (const kind of ['plain', 'async', 'generator', 'arrow']) {
      expect(report[kind]).toBe('refused: creating functions from strings is disabled in the sandbox');
    }
    expect(report.ordinary).toBe('2,4,6');
  }, 30_000);
});
