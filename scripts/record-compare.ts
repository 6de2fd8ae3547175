/**
 * `npm run record:compare [-- --iterations 8 --out-dir public/runs --released-set section.key=value ...]`
 * Records the shipped pair of the compare view on one preset and seed (classroom, seed 1): "as
 * intended" with the defaults and "as released" with `--set release.mode=as-released` (or the
 * `--released-set` values given instead), each with `npm run simulate`, into
 * OUT_DIR/compare-as-intended.json and OUT_DIR/compare-as-released.json; then prints the two side
 * by side (`simulate --compare`). The page opens them with `/?mode=replay&compare=released`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConfigOverride, makeConfig, type PresetName } from '../src/core/config';
import { parseOverrides } from '../src/engine/overrides';
import { PAIR_FILES } from '../src/ui/lib/compare-pair';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '8' },
    preset: { type: 'string', default: 'classroom' },
    seed: { type: 'string', default: '1' },
    'out-dir': { type: 'string', default: 'public/runs' },
    'released-set': { type: 'string', multiple: true, default: ['release.mode=as-released'] },
  },
});

const outDir = values['out-dir'] ?? 'public/runs';
const released = values['released-set'] ?? [];
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

// Check the released settings before spending the first run's minutes on a switch this build lacks.
try {
  makeConfig(values.preset as PresetName, { ...parseOverrides(released), seed: Number(values.seed) } as ConfigOverride);
} catch (err) {
  console.error(`record:compare: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}

const [intendedFile, releasedFile] = [join(outDir, PAIR_FILES.intended), join(outDir, PAIR_FILES.released)];
simulate([...common, '--out', intendedFile]);
simulate([...common, ...released.flatMap((s) => ['--set', s]), '--out', releasedFile]);
simulate(['--compare', intendedFile, releasedFile]);
