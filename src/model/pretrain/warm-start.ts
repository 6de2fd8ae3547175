/**
 * Warm start across a vocabulary change: a parameter file for a model whose vocabulary grew, made
 * from an older file. Every parameter is copied from the old file by name (same shape required),
 * except the token embedding, whose row for each token is the old row of the same string; tokens
 * the old vocabulary lacks keep the new model's own fresh rows.
 */
import { type Checkpoint, decodeCheckpoint, encodeCheckpoint } from '../checkpoint';

export function warmStartFile(fresh: Uint8Array, old: Uint8Array): { bytes: Uint8Array; newTokens: string[] } {
  const target = decodeCheckpoint(fresh);
  const source = decodeCheckpoint(old);
  const { config } = target.header;
  const oldRow = new Map(source.header.vocab.map((token, i) => [token, i]));
  const d = config.dModel;
  const values = target.header.params.map((spec, i) => {
    const j = source.header.params.findIndex((p) => p.name === spec.name);
    const mine = target.values[i] as Float32Array;
    if (j < 0) throw new Error(`warm start: the old file has no parameter ${spec.name}.`);
    const theirs = source.values[j] as Float32Array;
    if (spec.name !== 'tokenEmbedding') {
      if (theirs.length !== mine.length) throw new Error(`warm start: ${spec.name} changed shape.`);
      return new Float32Array(theirs);
    }
    const out = new Float32Array(mine);
    target.header.vocab.forEach((token, row) => {
      const r = oldRow.get(token);
      if (r !== undefined) out.set(theirs.subarray(r * d, (r + 1) * d), row * d);
    });
    return out;
  });
  const ckpt: Checkpoint = { header: target.header, values };
  return {
    bytes: encodeCheckpoint(ckpt),
    newTokens: target.header.vocab.filter((t) => !oldRow.has(t)),
  };
}
