/**
 * `npm run record [-- NAME ... | --all] [--dry-run]`: regenerates shipped artefacts from the manifest
 * (scripts/record/manifest.ts). With no name it lists every artefact (name, file, what it is, its
 * commands) and the usage, and runs nothing. `NAME ...` runs those artefacts' commands in order,
 * each spawned from the repository root with its output streamed; `--all` runs every artefact's,
 * each after what it needs (hours: the base model alone is 2,700 pretrain steps). `--dry-run` prints
 * the commands instead of running them. Intermediate files go to runs/record/ (git-ignored).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type Artefact, MANIFEST, SCRATCH, type Step, inOrder, stepLine } from './manifest';

const USAGE = `usage: npm run record -- NAME ... [--dry-run]   regenerate those artefacts
       npm run record -- --all [--dry-run]         regenerate every artefact (hours)
       npm run record                              list the artefacts and their commands`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { all: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
});

function list(): void {
  for (const a of MANIFEST) {
    console.log(`${a.name.padEnd(32)} ${a.path}`);
    console.log(`${''.padEnd(32)} ${a.what}${a.needs.length > 0 ? ` (needs ${a.needs.join(', ')})` : ''}`);
    for (const s of a.steps) console.log(`${''.padEnd(34)}$ ${stepLine(s)}`);
  }
  console.log(`\n${USAGE}`);
}

/** Runs one step, its output streamed (or sent to its `stdout` file); rejects on a non-zero exit. */
function run(step: Step): Promise<void> {
  const [command, ...args] = step.argv as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', step.stdout ? 'pipe' : 'inherit', 'inherit'] });
    if (step.stdout) {
      mkdirSync(dirname(step.stdout), { recursive: true });
      child.stdout?.pipe(createWriteStream(step.stdout));
    }
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${stepLine(step)} exited with ${code}.`))));
  });
}

if (positionals.length === 0 && !values.all) {
  list();
  process.exit(0);
}
if (positionals.length > 0 && values.all) {
  console.error(`record: --all takes no names.\n${USAGE}`);
  process.exit(2);
}
let chosen: Artefact[];
try {
  chosen = inOrder(positionals);
} catch (err) {
  console.error(`record: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}
if (values['dry-run']) {
  for (const a of chosen) for (const s of a.steps) console.log(stepLine(s));
  process.exit(0);
}
mkdirSync(SCRATCH, { recursive: true });
for (const a of chosen) {
  const t0 = performance.now();
  for (const s of a.steps) {
    console.error(`record: ${a.name}: $ ${stepLine(s)}`);
    try {
      await run(s);
    } catch (err) {
      console.error(`record: ${a.name}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  }
  console.error(`record: wrote ${a.path} (${((performance.now() - t0) / 60000).toFixed(1)} min)`);
}
