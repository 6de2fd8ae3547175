/**
 * Run checkpoints as files (Node). A save writes a temporary file beside the target and renames
 * it over the target, so a save that fails part-way leaves the previous checkpoint intact.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.partial-${process.pid}`;
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export function readFileBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}
