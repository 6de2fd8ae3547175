/**
 * `npm run record:repair-seeds -- --into public/runs/repair-ablation.json SEED2.json SEED3.json …`:
 * adds the seeds of other recorded repair ablations (each from `npm run simulate:repair -- --seed N
 * --out FILE`, the same settings but the seed) to a recording, as their held-out numbers
 * (src/repair/seeds.ts), and writes it back in place. The recording keeps its own seed whole. It
 * prints each seed's final strict accuracy per variant and the paper's orderings checked over them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { repairClaims } from '../src/repair/claims';
import { asRepairRun, encodeRepairRun, recordedSeeds, withSeeds } from '../src/repair/recording';
import { finalStrict } from '../src/repair/seeds';

const { values, positionals } = parseArgs({ options: { into: { type: 'string' } }, allowPositionals: true });

const read = (path: string) => asRepairRun(JSON.parse(readFileSync(path, 'utf8')));

try {
  if (!values.into || positionals.length === 0)
    throw new Error('usage: npm run record:repair-seeds -- --into RECORDING.json OTHER-SEED.json …');
  const file = withSeeds(read(values.into), positionals.map(read));
  writeFileSync(values.into, encodeRepairRun(file));
  const seeds = recordedSeeds(file);
  console.log(`${values.into}: seeds ${seeds.map((s) => s.seed).join(', ')}`);
  for (const name of ['base', ...(seeds[0]?.variants.map((v) => v.name) ?? [])])
    console.log(
      `${name.padEnd(24)} final strict ${seeds.map((s) => (finalStrict(s, name) ?? NaN).toFixed(3)).join('  ')}`,
    );
  for (const c of repairClaims(seeds, file.config.evalTasks))
    console.log(
      `${c.higher} over ${c.lower}: ${c.outcome} (${c.higherSeeds.min.toFixed(3)}–${c.higherSeeds.max.toFixed(3)} against ${c.lowerSeeds.min.toFixed(3)}–${c.lowerSeeds.max.toFixed(3)})`,
    );
} catch (err) {
  console.error(`record:repair-seeds: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
