/**
 * `npm run record:compare [-- --iterations 8 --out-dir public/runs --released-set section.key=value ...
 *   --only ID ...]`
 * Records the shipped runs of the compare view on one preset and seed (classroom, seed 1), each
 * with `npm run simulate`: "as intended" with the defaults, "as released" with `--set
 * release.mode=as-released` (or the `--released-set` values given instead), and the one-change runs
 * (ONE_CHANGE_RUNS, src/engine/studies/compare-pair.ts), each "as intended" with exactly one released
 * behaviour, into OUT_DIR under the names the page reads; then prints each run beside "as intended"
 * (`simulate --compare`). `--only ID` (intended, released or a one-change run's id; repeatable)
 * records just those runs, e.g. `--only plain-labelling`. The page opens them with
 * `/?mode=replay&compare=released`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConfigOverride, makeConfig, type PresetName } from '../src/core/config';
import { flattenSettings } from '../src/engine/files/config-diff';
import { parseOverrides } from '../src/engine/loop/overrides';
import { ONE_CHANGE_RUNS, PAIR_FILES } from '../src/engine/studies/compare-pair';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '8' },
    preset: { type: 'string', default: 'classroom' },
    seed: { type: 'string', default: '1' },
    'out-dir': { type: 'string', default: 'public/runs' },
    'released-set': { type: 'string', multiple: true, default: ['release.mode=as-released'] },
    only: { type: 'string', multiple: true, default: [] },
  },
});

const outDir = values['out-dir'] ?? 'public/runs';
/** Every run this script records: its id, its file, and the `--set` items that make it. */
const runs = [
  { id: 'intended', file: PAIR_FILES.intended, set: [] as string[] },
  { id: 'released', file: PAIR_FILES.released, set: values['released-set'] ?? [] },
  ...ONE_CHANGE_RUNS.map((r) => ({
    id: r.id as string,
    file: r.file,
    set: flattenSettings(r.set).map(([path, value]) => `${path}=${String(value)}`),
  })),
];
const only = values.only ?? [];
const unknown = only.filter((id) => !runs.some((r) => r.id === id));
if (unknown.length > 0) {
  console.error(`record:compare: no run named ${unknown.join(', ')} (known: ${runs.map((r) => r.id).join(', ')}).`);
  process.exit(2);
}
const chosen = only.length > 0 ? runs.filter((r) => only.includes(r.id)) : runs;

const common = [
  '--preset',
  String(values.preset),
  '--seed',
  String(values.seed),
  '--iterations',
  String(values.iterations),
];
const simulate = (args: string[]) => {
  process.stderr.write(`record:compare: simulate ${args.join(' ')}\n`);
  const res = spawnSync('npx', ['tsx', 'scripts/simulate.ts', ...args], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

// Check every run's settings before spending the first run's minutes on a switch this build lacks.
for (const r of chosen)
  try {
    makeConfig(values.preset as PresetName, { ...parseOverrides(r.set), seed: Number(values.seed) } as ConfigOverride);
  } catch (err) {
    console.error(`record:compare: ${r.id}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }

for (const r of chosen) simulate([...common, ...r.set.flatMap((s) => ['--set', s]), '--out', join(outDir, r.file)]);
const intendedFile = join(outDir, PAIR_FILES.intended);
if (!existsSync(intendedFile)) console.error(`record:compare: no ${intendedFile} to print the runs beside.`);
else for (const r of chosen) if (r.id !== 'intended') simulate(['--compare', intendedFile, join(outDir, r.file)]);
