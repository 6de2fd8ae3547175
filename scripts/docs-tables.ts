/**
 * `npm run docs:tables`: rewrites the generated tables of README.md and docs/*.md (regions between
 * `<!-- generated: NAME (npm run docs:tables) -->` and `<!-- end generated: NAME -->`) from the code
 * they restate (scripts/docs-tables/render.ts). `npm run docs:tables -- --check` writes nothing and
 * exits 1 naming each stale region. Files given as arguments are checked in place of the default set.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocs } from './docs-tables/regions';

const args = process.argv.slice(2);
const check = args.includes('--check');
const files = args.filter((a) => !a.startsWith('--'));
const root = process.cwd();

let failed = false;
for (const { file, text, stale, problems } of await checkDocs(root, files.length > 0 ? files : undefined)) {
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length > 0) failed = true;
  if (stale.length === 0) continue;
  if (check) {
    for (const name of stale) console.error(`${file}: region "${name}" is stale (run npm run docs:tables)`);
    failed = true;
  } else {
    writeFileSync(join(root, file), text);
    console.log(`${file}: rewrote ${stale.map((name) => `"${name}"`).join(', ')}`);
  }
}
if (failed) process.exit(1);
if (check) console.log('docs:tables: every generated region is up to date');
