/**
 * The frozen JS realm (src/sandbox/freeze-realm.ts), applied inside a throwaway worker thread:
 * afterwards no intrinsic, global or hidden one (an iterator's prototype), can be changed or given
 * a new property, the global object takes no new name, and ordinary code that sets a property over
 * an inherited one (an Error subclass naming itself, an object with its own toString) still works.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tsxApiURL } from '../../../src/sandbox/node.ts';

const PROBE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const post = parentPort.postMessage.bind(parentPort);
const attempt = (fn) => { try { return 'allowed: ' + fn(); } catch (err) { return 'refused: ' + err.constructor.name; } };
import(workerData.loader)
  .then((api) => Promise.all([api.tsImport(workerData.harden, workerData.harden), api.tsImport(workerData.freeze, workerData.freeze)]))
  .then(([harden, { freezeRealm }]) => {
    const now = Date.now;
    // As the sandbox's runtime does it (src/sandbox/runtime.ts): strip, then freeze.
    harden.stripGlobals(harden.NODE_GLOBALS);
    harden.disableFunctionConstructors();
    freezeRealm();
    post({
      dateNow: attempt(() => { Date.now = () => 0; return Date.now === now; }),
      arrayIndex: attempt(() => Object.defineProperty(Array.prototype, '0', { get: () => 'FAKE' })),
      objectProto: attempt(() => { Object.prototype.planted = 1; return ({}).planted; }),
      mathRandom: attempt(() => { Math.random = () => 0; return 'set'; }),
      newGlobal: attempt(() => { globalThis.planted = 1; return globalThis.planted; }),
      iteratorProto: attempt(() => { Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true }); return 'set'; }),
      protoConstructor: attempt(() => { Array.prototype.constructor = Object; return 'set'; }),
      errorName: attempt(() => { class Named extends Error { constructor() { super('m'); this.name = 'Named'; } } return String(new Named()); }),
      ownToString: attempt(() => { const o = {}; o.toString = () => 'mine'; return String(o) + ' ' + String({}); }),
      ordinary: attempt(() => [3, 1, 2].sort().map((x) => x * 2).join(',') + ' ' + JSON.stringify({ a: [1] }) + ' ' + new Map([[1, 2]]).get(1)),
    });
  });
`;

describe('frozen JS realm', () => {
  it('refuses every change to intrinsics and globals, and ordinary code still runs', async () => {
    const freeze = new URL('../../../src/sandbox/freeze-realm.ts', import.meta.url).href;
    const harden = new URL('../../../src/sandbox/harden.ts', import.meta.url).href;
    const worker = new Worker(PROBE, { eval: true, workerData: { loader: tsxApiURL(), freeze, harden } });
    const report = await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(report).toEqual({
      dateNow: 'refused: TypeError',
      arrayIndex: 'refused: TypeError',
      objectProto: 'refused: TypeError',
      mathRandom: 'refused: TypeError',
      newGlobal: 'refused: TypeError',
      iteratorProto: 'refused: TypeError',
      protoConstructor: 'refused: TypeError',
      errorName: 'allowed: Named: m',
      ownToString: 'allowed: mine [object Object]',
      ordinary: 'allowed: 2,4,6 {"a":[1]} 2',
    });
  }, 30_000);
});
