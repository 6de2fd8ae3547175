/**
 * Parameter files. Layout (little-endian):
 *   "A0LM" magic (4 bytes) | format version u32 | header length u32 | header (UTF-8 JSON:
 *   config, vocabulary, parameter names and shapes, free-form metadata) | float32 values of every
 *   parameter in header order | CRC-32 (IEEE) u32 of every byte before it.
 * Reading refuses a wrong magic, an unknown version, a checksum mismatch, a size that does not
 * match the header, a value that is not finite, and (when expected values are given) a different
 * config or vocabulary.
 */
import { ProblemError } from '../core/problem-error';
import { type ModelConfig, sameConfig } from './config';

export const CHECKPOINT_MAGIC = 'A0LM';
export const CHECKPOINT_VERSION = 1;

export interface CheckpointHeader {
  config: ModelConfig;
  vocab: string[];
  params: { name: string; shape: number[] }[];
  meta: Record<string, string | number>;
}

export interface Checkpoint {
  header: CheckpointHeader;
  /** One array per parameter, in header order. */
  values: Float32Array[];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, init and final xor 0xFFFFFFFF). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The file bytes of a checkpoint. */
export function encodeCheckpoint(ckpt: Checkpoint): Uint8Array {
  const { header, values } = ckpt;
  if (values.length !== header.params.length)
    throw new Error(`checkpoint: ${values.length} arrays for ${header.params.length} parameters.`);
  header.params.forEach((p, i) => {
    const size = p.shape.reduce((a, b) => a * b, 1);
    if (values[i]?.length !== size)
      throw new Error(`checkpoint: ${p.name} has ${values[i]?.length} values for shape [${p.shape}].`);
  });
  const json = new TextEncoder().encode(JSON.stringify(header));
  const floats = values.reduce((n, v) => n + v.length, 0);
  const bytes = new Uint8Array(12 + json.length + 4 * floats + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(CHECKPOINT_MAGIC), 0);
  view.setUint32(4, CHECKPOINT_VERSION, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  let off = 12 + json.length;
  for (const v of values) {
    for (let i = 0; i < v.length; i++, off += 4) view.setFloat32(off, v[i] as number, true);
  }
  view.setUint32(off, crc32(bytes.subarray(0, off)), true);
  return bytes;
}

export interface DecodeExpectations {
  config?: ModelConfig;
  vocab?: readonly string[];
}

/**
 * The number of values of each parameter the header lists, refusing a list that is no list, a name
 * that is no string, a shape that is not a list of non-negative integers, and (before anything is
 * allocated) more values in all than `room`, the values the file has bytes for.
 */
function paramSizes(header: CheckpointHeader, room: number): number[] {
  if (typeof header !== 'object' || header === null || !Array.isArray(header.params))
    throw new Error('checkpoint: the header lists no parameters.');
  let total = 0;
  return header.params.map((p, i) => {
    const ok =
      typeof p === 'object' &&
      p !== null &&
      typeof p.name === 'string' &&
      Array.isArray(p.shape) &&
      p.shape.every((d) => Number.isSafeInteger(d) && d >= 0);
    if (!ok) throw new Error(`checkpoint: parameter ${i} has no name or no shape of non-negative integers.`);
    let size = 1;
    for (const d of p.shape) {
      size *= d;
      if (size > room) throw new Error(`checkpoint: ${p.name} has more values than the file holds.`);
    }
    total += size;
    if (total > room) throw new Error('checkpoint: the parameters have more values than the file holds.');
    return size;
  });
}

/** Parse and verify file bytes; throws `checkpoint: …` errors naming what is wrong (a weight that is
 *  not finite: a `checkpoint-values` ProblemError, role null). */
export function decodeCheckpoint(bytes: Uint8Array, expect: DecodeExpectations = {}): Checkpoint {
  if (bytes.length < 16) throw new Error(`checkpoint: file too short (${bytes.length} bytes).`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder().decode(bytes.subarray(0, 4));
  if (magic !== CHECKPOINT_MAGIC)
    throw new Error(`checkpoint: not a model file (magic ${JSON.stringify(magic)}, expected "${CHECKPOINT_MAGIC}").`);
  const version = view.getUint32(4, true);
  if (version !== CHECKPOINT_VERSION)
    throw new Error(`checkpoint: format version ${version}, this build reads version ${CHECKPOINT_VERSION}.`);
  const stored = view.getUint32(bytes.length - 4, true);
  const actual = crc32(bytes.subarray(0, bytes.length - 4));
  if (stored !== actual)
    throw new Error(
      `checkpoint: checksum mismatch (stored ${stored.toString(16)}, computed ${actual.toString(16)}): the file is corrupt.`,
    );
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length - 4) throw new Error('checkpoint: header length exceeds the file.');
  let header: CheckpointHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as CheckpointHeader;
  } catch {
    throw new Error('checkpoint: the header is not valid JSON.');
  }
  // Every size is checked against the bytes there are before anything is allocated.
  const room = (bytes.length - 16 - headerLength) / 4;
  const sizes = paramSizes(header, room);
  const floats = sizes.reduce((a, b) => a + b, 0);
  if (12 + headerLength + 4 * floats + 4 !== bytes.length) {
    throw new Error(`checkpoint: ${bytes.length} bytes, but the header describes ${floats} values.`);
  }
  if (!Array.isArray(header.vocab) || header.vocab.some((s) => typeof s !== 'string'))
    throw new Error('checkpoint: the header has no vocabulary.');
  if (typeof header.config !== 'object' || header.config === null)
    throw new Error('checkpoint: the header has no model config.');
  if (expect.config && !sameConfig(header.config, expect.config)) {
    throw new Error(
      `checkpoint: model config ${JSON.stringify(header.config)} does not match the expected ${JSON.stringify(expect.config)}.`,
    );
  }
  if (
    expect.vocab &&
    (expect.vocab.length !== header.vocab.length || expect.vocab.some((s, i) => s !== header.vocab[i]))
  ) {
    throw new Error('checkpoint: the vocabulary differs from the tokenizer in use.');
  }
  let off = 12 + headerLength;
  const values = sizes.map((size, p) => {
    const v = new Float32Array(size);
    for (let i = 0; i < size; i++, off += 4) {
      const x = view.getFloat32(off, true);
      // No trained model holds NaN or ±Infinity; one would spread to every output (issue #58).
      if (!Number.isFinite(x)) {
        const param = header.params[p]?.name ?? '';
        throw new ProblemError([
          { kind: 'checkpoint-values', role: null, what: 'weights', param, index: i, value: String(x) },
        ]);
      }
      v[i] = x;
    }
    return v;
  });
  return { header, values };
}
