import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_VERSION, crc32, decodeCheckpoint } from '../../../src/model/checkpoint';
import { TinyLM } from '../../../src/model/model';
import { countParams } from '../../../src/model/params';
import { Tokenizer } from '../../../src/core/tokenizer';
import { selectBackend } from '../../../src/model/backend/backend';
import { TINY, tf, tinyModel, tokenizer, useBackend } from './fixtures';

async function values(model: TinyLM): Promise<Uint8Array[]> {
  return Promise.all(model.params.all.map(async (v) => new Uint8Array((await v.data()).buffer.slice(0))));
}

describe('checkpoints', () => {
  beforeAll(() => useBackend('wasm'));

  it('CRC-32 matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips bit-exactly and has the documented size', async () => {
    const a = tinyModel(1);
    const bytes = await a.save({ note: 'test' });
    const header = decodeCheckpoint(bytes).header;
    const headerBytes = new TextEncoder().encode(JSON.stringify(header)).length;
    expect(bytes.length).toBe(4 + 4 + 4 + headerBytes + 4 * countParams(a.config) + 4);
    expect(header.meta).toEqual({ note: 'test' });
    const b = tinyModel(2);
    expect(await values(b)).not.toEqual(await values(a));
    b.load(bytes);
    expect(await values(b)).toEqual(await values(a));
    expect(await b.save({ note: 'test' })).toEqual(bytes);
    const c = TinyLM.fromCheckpoint(bytes, tokenizer);
    expect(c.config).toEqual(a.config);
    expect(await values(c)).toEqual(await values(a));
    [a, b, c].forEach((m) => m.dispose());
  });

  it('refuses a flipped byte, a truncated file, another format, version, config or vocabulary', async () => {
    const a = tinyModel(1);
    const bytes = await a.save();
    for (const at of [0, 9, 40, bytes.length - 100, bytes.length - 1]) {
      const bad = bytes.slice();
      bad[at] = (bad[at] as number) ^ 0x10;
      expect(() => a.load(bad)).toThrow(/checkpoint: /);
    }
    const flipped = bytes.slice();
    flipped[bytes.length - 100] = (flipped[bytes.length - 100] as number) ^ 1;
    expect(() => a.load(flipped)).toThrow('checksum mismatch');
    expect(() => a.load(bytes.slice(0, 10))).toThrow('too short');
    expect(() => a.load(bytes.slice(0, bytes.length - 8))).toThrow('checksum mismatch');
    const png = bytes.slice();
    png.set([0x89, 0x50, 0x4e, 0x47], 0);
    expect(() => a.load(png)).toThrow('not a model file');
    const v2 = bytes.slice();
    new DataView(v2.buffer).setUint32(4, CHECKPOINT_VERSION + 1, true);
    new DataView(v2.buffer).setUint32(v2.length - 4, crc32(v2.subarray(0, v2.length - 4)), true);
    expect(() => a.load(v2)).toThrow(`format version ${CHECKPOINT_VERSION + 1}`);
    const wider = TinyLM.create(tokenizer, { ...TINY, dModel: 24 }, 1);
    expect(() => wider.load(bytes)).toThrow('does not match the expected');
    expect(() => TinyLM.fromCheckpoint(bytes, new Tokenizer([...tokenizer.vocab, 'extra']))).toThrow(
      'vocabulary differs',
    );
    a.dispose();
    wider.dispose();
  });

  it('keeps two models and their optimizers independent', async () => {
    const a = tinyModel(1);
    const b = tinyModel(1);
    const bBefore = await values(b);
    const seq = [tokenizer.encode('<|solver|>What is 1 + 1 ?\n\\boxed{2}')];
    const mask = seq.map((s) => s.map((_, j) => (j === 0 ? 0 : 1)));
    const old = await a.logProbs(seq);
    await a.trainStep(
      { sequences: seq, lossMask: mask, advantages: mask, oldLogProbs: old, refLogProbs: old },
      { epsLow: 0.2, epsHigh: 0.2, dualClip: null, klCoef: 0, aggregation: 'token-mean' },
    );
    expect(await values(b)).toEqual(bBefore);
    expect(await values(a)).not.toEqual(bBefore);
    expect([a.optimizer.step, b.optimizer.step]).toEqual([1, 0]);
    a.dispose();
    b.dispose();
  });

  it('reports the backend chosen in Node and why others were skipped', async () => {
    const choice = await selectBackend(['webgpu', 'webgl', 'wasm', 'cpu']);
    expect(choice.backend).toBe('wasm');
    expect(choice.fallbacks.map((f) => f.backend)).toEqual(['webgpu', 'webgl']);
    expect(choice.fallbacks[1]?.reason).toBe('WebGL needs a browser');
    expect(tf.getBackend()).toBe('wasm');
  });
});

describe('decodeCheckpoint refuses a malformed header before allocating', () => {
  /** A model file whose header is `header` as given (no values, CRC recomputed). */
  function fileWith(header: unknown): Uint8Array {
    const json = new TextEncoder().encode(JSON.stringify(header));
    const bytes = new Uint8Array(12 + json.length + 4);
    const view = new DataView(bytes.buffer);
    bytes.set(new TextEncoder().encode('A0LM'), 0);
    view.setUint32(4, 1, true);
    view.setUint32(8, json.length, true);
    bytes.set(json, 12);
    view.setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)), true);
    return bytes;
  }

  it.each([
    ['no parameter list', { config: {}, vocab: [], params: 5 }, /lists no parameters/],
    ['a shape of negative sizes', { config: {}, vocab: [], params: [{ name: 'w', shape: [-2, -3] }] }, /non-negative/],
    ['a shape of fractions', { config: {}, vocab: [], params: [{ name: 'w', shape: [0.5, 2] }] }, /non-negative/],
    ['a nameless parameter', { config: {}, vocab: [], params: [{ shape: [1] }] }, /no name/],
    ['a shape of 10^18 values', { config: {}, vocab: [], params: [{ name: 'w', shape: [1e9, 1e9] }] }, /more values/],
    ['no model config', { vocab: [], params: [] }, /no model config/],
    ['no vocabulary', { config: {}, params: [] }, /no vocabulary/],
    ['a header that is not JSON', null, /not valid JSON/],
  ])('%s', (_what, header, message) => {
    const bytes = fileWith(header);
    if (header === null) {
      bytes[12] = 0x7b; // "{" then "null" → not JSON
      new DataView(bytes.buffer).setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)), true);
    }
    expect(() => decodeCheckpoint(bytes)).toThrow(message);
  });
});
