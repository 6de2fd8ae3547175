/** Model section of `npm run bench`: every Node backend (wasm, cpu) side by side (src/model/speed.ts). */
import { measureModelSpeed } from '../../src/model/speed';

export const name = 'model';

export async function run(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const backend of ['wasm', 'cpu'] as const) out[backend] = await measureModelSpeed(backend);
  return out;
}
