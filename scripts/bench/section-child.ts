/**
 * One section of `npm run bench` in a process of its own (index.ts starts it, so that it can stop a
 * section at its bound, browsers and servers included): `tsx section-child.ts FILE`. Each figure a
 * section reports as it goes, and its result at the end, is one JSON line on file descriptor 3.
 */
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from './bound';

/** A line of the channel from this process to index.ts. */
export type ChildLine = { partial: Record<string, unknown> } | { result: Record<string, unknown> } | { error: string };

const send = (line: ChildLine): void => {
  writeSync(3, `${JSON.stringify(line)}\n`);
};

const file = process.argv[2];
if (!file) throw new Error('usage: tsx section-child.ts FILE');
const section = (await import(pathToFileURL(file).href)) as BenchSection;
try {
  send({ result: await section.run((figures) => send({ partial: figures })) });
} catch (err) {
  send({ error: err instanceof Error ? err.message : String(err) });
}
// Sandboxes, browsers and servers a section left behind do not keep the section from ending.
process.exit(0);
