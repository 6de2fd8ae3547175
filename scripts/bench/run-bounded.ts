/** A bench section in a process of its own, stopped at its bound (used by index.ts). */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cutResult } from './bound';
import type { ChildLine } from './section-child';

const here = dirname(fileURLToPath(import.meta.url));

/** How long a section stopped with SIGTERM gets to close its browsers before SIGKILL. */
const GRACE_MS = 10_000;

/**
 * Runs `file`'s section (section-child.ts) in a process group of its own and returns its result;
 * past `boundSeconds` the group is stopped (SIGTERM, on which Playwright closes its browsers, then
 * SIGKILL after GRACE_MS) and the result is what the section had reported, with `cut` saying so.
 */
export function runBounded(file: string, boundSeconds: number): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'section-child.ts'), file], {
    stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
    detached: true,
  });
  let partial: Record<string, unknown> = {};
  let final: Record<string, unknown> | null = null;
  let cut = false;
  createInterface({ input: child.stdio[3] as Readable }).on('line', (text) => {
    const line = JSON.parse(text) as ChildLine;
    if ('partial' in line) partial = { ...partial, ...line.partial };
    else if ('result' in line) final = line.result;
    else final = { ...partial, error: line.error };
  });
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // the group has ended already
    }
  };
  let killTimer: ReturnType<typeof setTimeout> | undefined;
  const boundTimer = setTimeout(() => {
    cut = true;
    signal('SIGTERM');
    killTimer = setTimeout(() => signal('SIGKILL'), GRACE_MS);
  }, boundSeconds * 1000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(boundTimer);
      clearTimeout(killTimer);
      // Whatever the section left running in its group goes with it.
      signal('SIGKILL');
      if (cut) resolve(cutResult(partial, boundSeconds));
      else resolve(final ?? { ...partial, error: `the section's process ended (code ${code}) without a result` });
    });
  });
}
