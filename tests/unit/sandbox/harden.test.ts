/**
 * The JS layer of the sandbox (src/sandbox/harden.ts), applied inside a throwaway worker thread:
 * afterwards the scope has no process, require, module, fetch, BroadcastChannel or eval, no
 * function constructor (the global Function included) works, and timers take functions only.
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
    const before = { ...Object.fromEntries(['module', 'exports', '__filename', 'BroadcastChannel'].map((n) => [n, globalThis[n]])) };
    harden.stripGlobals(harden.NODE_GLOBALS);
    harden.disableFunctionConstructors();
    post({
      before: ['module', 'exports', '__filename', 'BroadcastChannel'].map((name) => typeof before[name]),
      globals: ['process', 'require', 'module', 'exports', '__filename', '__dirname', 'fetch', 'BroadcastChannel', 'eval'].map((name) => typeof globalThis[name]),
      functionGlobal: attempt(() => Function('return 1')()),
      instance: (() => {}) instanceof Function,
      stringTimer: attempt(() => setTimeout('1', 0)),
      functionTimer: attempt(() => typeof setTimeout(() => {}, 0)),
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
    // The worker's script runs as CommonJS: module (whose require loads any module) and its siblings
    // are globals until stripped.
    expect(report.before).toEqual(['object', 'object', 'string', 'function']);
    expect(report.globals).toEqual(Array(9).fill('undefined'));
    expect(report.functionGlobal).toBe('refused: creating functions from strings is disabled in the sandbox');
    expect(report.instance).toBe(true);
    expect(report.stringTimer).toBe('refused: setTimeout takes a function in the sandbox');
    expect(report.functionTimer).toBe('allowed: object');
    for (const kind of ['plain', 'async', 'generator', 'arrow']) {
      expect(report[kind]).toBe('refused: creating functions from strings is disabled in the sandbox');
    }
    expect(report.ordinary).toBe('2,4,6');
  }, 30_000);
});
