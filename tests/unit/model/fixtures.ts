/** Shared helpers of the model tests: a tiny model on a chosen Node backend. */
import * as tf from '@tensorflow/tfjs';
import { Tokenizer } from '../../../src/core/tokenizer';
import { type BackendName, selectBackend } from '../../../src/model/backend/backend';
import { TinyLM } from '../../../src/model/model';

export const TINY = { dModel: 16, nLayers: 2, nHeads: 2, dFf: 32, contextLength: 32, tiedEmbeddings: false };

export const tokenizer = new Tokenizer();

/** Switch tfjs to `name` (throws if it does not initialise). */
export async function useBackend(name: BackendName): Promise<void> {
  const choice = await selectBackend([name]);
  if (choice.backend !== name) throw new Error(`backend ${name} unavailable`);
}

export function tinyModel(seed: number, sizes: Partial<typeof TINY> = {}): TinyLM {
  return TinyLM.create(tokenizer, { ...TINY, ...sizes }, seed);
}

/** Max |a − b| over two equally long arrays. */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length ${a.length} vs ${b.length}`);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs((a[i] as number) - (b[i] as number)));
  return m;
}

/**
 * Runs `f` with the project's WASM kernels `names` left out, so that tfjs-backend-wasm's own
 * compositions compute instead (the reference the kernels must match), then puts them back.
 */
export async function withoutWasmKernels<T>(
  names: readonly string[],
  reinstall: () => void,
  f: () => Promise<T>,
): Promise<T> {
  for (const name of names) if (tf.getKernel(name, 'wasm')) tf.unregisterKernel(name, 'wasm');
  try {
    return await f();
  } finally {
    reinstall();
  }
}

export { tf };
