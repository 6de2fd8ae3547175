/**
 * `npm run bench`: runs benchmark sections (files named `*.bench.ts` in this folder, each exporting
 * `name` and `run()`, bound.ts), each in a process of its own stopped at its bound, prints each
 * section's figures as it finishes, and prints one JSON object with every section's figures as the
 * last line. A section stopped at its bound keeps the figures it had reported, with `cut` saying so.
 * Usage: npm run bench [-- section ...] [--bound=SECONDS]
 *   no names: every section but the opt-in ones (browser-swiftshader); --bound: every section's
 *   bound (default 300 s, or the section's own, e.g. tab's).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchSection, boundOf, parseBenchArgs, sectionsToRun } from './bound';
import { runBounded } from './run-bounded';

const here = dirname(fileURLToPath(import.meta.url));
const args = parseBenchArgs(process.argv.slice(2));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const sections: (BenchSection & { file: string })[] = [];
for (const file of files) {
  const s = (await import(pathToFileURL(join(here, file)).href)) as BenchSection;
  sections.push({ name: s.name, optIn: s.optIn, boundSeconds: s.boundSeconds, run: s.run, file: join(here, file) });
}

const results: Record<string, unknown> = {};
for (const section of sectionsToRun(sections, args.names)) {
  const bound = boundOf(section, args);
  process.stderr.write(`bench: ${section.name} (bound ${bound} s) …\n`);
  const t0 = performance.now();
  results[section.name] = await runBounded(section.file, bound);
  process.stderr.write(`bench: ${section.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  console.log(`${section.name}:`, results[section.name]);
}
console.log(JSON.stringify(results));
