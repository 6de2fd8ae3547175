/**
 * Run checkpoints: everything needed to resume a run exactly where it stopped, between iterations.
 * Layout (little-endian): "A0RN" | version u32 | header length u32 | header (UTF-8 JSON: settings,
 * loop position, PRNG state, baseline, summaries, trace, section sizes) | sections (questioner
 * parameter file, executor parameter file, questioner AdamW state, executor AdamW state) |
 * CRC-32 u32 of every byte before it. A file that fails any check is refused whole.
 */
import { ProblemError } from '../../core/problem-error';
import type { Problem } from '../../core/problems';
import type { RngState } from '../../core/random';
import { crc32 } from '../../model/checkpoint';
import type { LoopPosition } from '../loop/loop-position';
import type { RunContent } from './recording';

export const RUN_MAGIC = 'A0RN';
export const RUN_VERSION = 1;

/** The settings, baseline, summaries and trace (as a recording keeps them), and what resuming needs. */
export interface RunHeader extends RunContent {
  position: LoopPosition;
  rng: RngState;
  optimizerSteps: [number, number];
  sections: number[];
}

export interface RunCheckpoint {
  header: RunHeader;
  /** Questioner file, executor file, questioner AdamW moments, executor AdamW moments. */
  sections: [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
}

export function encodeRun(run: RunCheckpoint): Uint8Array {
  const header = { ...run.header, sections: run.sections.map((s) => s.length) };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const body = run.sections.reduce((n, s) => n + s.length, 0);
  const bytes = new Uint8Array(12 + json.length + body + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(RUN_MAGIC), 0);
  view.setUint32(4, RUN_VERSION, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  let off = 12 + json.length;
  for (const s of run.sections) {
    bytes.set(s, off);
    off += s.length;
  }
  view.setUint32(off, crc32(bytes.subarray(0, off)), true);
  return bytes;
}

export function decodeRun(bytes: Uint8Array): RunCheckpoint {
  const fail = (problem: Problem): never => {
    throw new ProblemError([problem]);
  };
  if (bytes.length < 16) fail({ kind: 'checkpoint-too-short', bytes: bytes.length });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder().decode(bytes.subarray(0, 4));
  if (magic !== RUN_MAGIC) fail({ kind: 'checkpoint-magic', magic });
  const version = view.getUint32(4, true);
  if (version !== RUN_VERSION) fail({ kind: 'checkpoint-version', got: version, expected: RUN_VERSION });
  const stored = view.getUint32(bytes.length - 4, true);
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== stored) fail({ kind: 'checkpoint-damaged' });
  const jsonLength = view.getUint32(8, true);
  if (12 + jsonLength > bytes.length - 4) fail({ kind: 'checkpoint-header-length' });
  let header: RunHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLength))) as RunHeader;
  } catch {
    return fail({ kind: 'checkpoint-header-json' });
  }
  if (
    typeof header !== 'object' ||
    header === null ||
    !Array.isArray(header.sections) ||
    header.sections.length !== 4 ||
    !header.sections.every((n) => Number.isSafeInteger(n) && n >= 0)
  )
    fail({ kind: 'checkpoint-sections' });
  // Non-negative lengths summing to exactly the bytes after the header: no section overlaps another
  // or reaches outside the buffer.
  const held = header.sections.reduce((a, b) => a + b, 0);
  const file = bytes.length - 16 - jsonLength;
  if (held !== file) fail({ kind: 'checkpoint-section-bytes', held, file });
  let off = 12 + jsonLength;
  const sections = header.sections.map((n) => {
    const s = bytes.slice(off, off + n);
    off += n;
    return s;
  });
  return { header, sections: sections as RunCheckpoint['sections'] };
}

/** Float32 arrays → one byte section (lengths are implied by the model's parameter shapes). */
export function packFloats(arrays: readonly Float32Array[]): Uint8Array {
  const total = arrays.reduce((n, a) => n + a.length, 0);
  const out = new Float32Array(total);
  let off = 0;
  for (const a of arrays) {
    out.set(a, off);
    off += a.length;
  }
  return new Uint8Array(out.buffer);
}

/** One byte section → Float32 arrays of the given sizes. */
export function unpackFloats(bytes: Uint8Array, sizes: readonly number[]): Float32Array[] {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (bytes.length !== total * 4)
    throw new ProblemError([{ kind: 'checkpoint-optimizer-bytes', got: bytes.length, expected: total * 4 }]);
  const all = new Float32Array(bytes.slice().buffer);
  let off = 0;
  return sizes.map((n) => {
    const a = all.slice(off, off + n);
    off += n;
    return a;
  });
}
