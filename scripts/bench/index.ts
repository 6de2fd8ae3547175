/**
 * `npm run bench`: runs every benchmark section in this folder (files named `*.bench.ts`, each
 * exporting `name` and `run()`), prints each section's table as it finishes, and prints one JSON
 * object with every section's figures as the last line.
 * Usage: npm run bench [-- section ...]   (no names = all sections)
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchSection {
  name: string;
  run(): Promise<Record<string, unknown>>;
}

const here = dirname(fileURLToPath(import.meta.url));
const wanted = new Set(process.argv.slice(2));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

const results: Record<string, unknown> = {};
for (const file of files) {
  const section = (await import(pathToFileURL(join(here, file)).href)) as BenchSection;
  if (wanted.size > 0 && !wanted.has(section.name)) continue;
  process.stderr.write(`bench: ${section.name} …\n`);
  const t0 = performance.now();
  try {
    results[section.name] = await section.run();
  } catch (err) {
    results[section.name] = { error: err instanceof Error ? err.message : String(err) };
  }
  process.stderr.write(`bench: ${section.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  console.log(`${section.name}:`, results[section.name]);
}
console.log(JSON.stringify(results));
