/**
 * Inference's embedding lookup (src/model/forward.ts lookupRows): the table's own rows, bit for
 * bit, for a token step's few ids and a prompt's many, on every Node backend.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { lookupRows } from '../../../src/model/forward';
import { tf, useBackend } from './fixtures';

describe.each(['wasm', 'cpu'] as const)('lookupRows on %s', (backend) => {
  it.each([3, 8, 40, 160])('gives row ids[i] of the table for %i ids, in order and repeated', async (m) => {
    await useBackend(backend);
    const rng = new Rng(m);
    const rows = 50;
    const d = 16;
    const table = Float32Array.from({ length: rows * d }, () => rng.next() * 2 - 1);
    const ids = Int32Array.from({ length: m }, (_, i) => (i * 7 + 3) % rows);
    ids[m - 1] = ids[0] as number;
    const t = tf.tensor2d(table, [rows, d]);
    const out = tf.tidy(() => lookupRows(t, tf.tensor1d(ids, 'int32')));
    expect(out.shape).toEqual([m, d]);
    const got = await out.data();
    ids.forEach((id, i) =>
      expect(Array.from(got.subarray(i * d, (i + 1) * d))).toEqual(Array.from(table.subarray(id * d, (id + 1) * d))),
    );
    tf.dispose([t, out]);
  });

  it('refuses float32 ids as tf.gather does, rather than read their bits as row numbers', async () => {
    await useBackend(backend);
    const t = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]);
    const ids = tf.tensor1d([2, 0, 1], 'float32');
    expect(() => tf.tidy(() => lookupRows(t, ids))).toThrow(/int32/);
    tf.dispose([t, ids]);
  });
});
