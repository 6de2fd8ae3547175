/**
 * `npm run record:ablation [-- --seeds 1,2,3 --iterations 8 --preset classroom --only ID ...
 *   --cache runs/ablation --out public/runs/coevolution-ablation.json]`
 * Agent0's Table 3 (ablations) and Table 9 (one curriculum turn against four) on the simulator: every
 * variant of ABLATION_VARIANTS (src/engine/studies/ablation-variants.ts) on each seed, the defaults plus the
 * variant's settings. Each finished run is kept in the cache folder (`VARIANT-seedN.json`) and not
 * run again, so two processes with different `--only` lists can share the work; once every run of
 * every variant is there, the recording the page draws is written to --out
 * (src/engine/studies/ablation-file.ts) and its table printed (src/engine/studies/ablation-table.ts). One line per run:
 * its held-out accuracy per iteration.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConfigOverride, makeConfig, type PresetName } from '../src/core/config';
import { DIFFICULTIES } from '../src/core/tasks';
import { type AblationRun, decodeAblation, encodeAblation } from '../src/engine/studies/ablation-file';
import { type AblationMeasure, ablationRows } from '../src/engine/studies/ablation-table';
import { ABLATION_VARIANTS, type AblationVariant } from '../src/engine/studies/ablation-variants';
import { createNodeEngine } from '../src/engine/node';
import { TOP_LEVELS } from '../src/engine/loop/levels';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    iterations: { type: 'string', default: '8' },
    preset: { type: 'string', default: 'classroom' },
    only: { type: 'string', multiple: true, default: [] },
    cache: { type: 'string', default: 'runs/ablation' },
    out: { type: 'string', default: 'public/runs/coevolution-ablation.json' },
  },
});

const seeds = String(values.seeds).split(',').map(Number);
const iterations = Number(values.iterations);
const preset = values.preset as PresetName;
const only = values.only ?? [];
const unknown = only.filter((id) => !ABLATION_VARIANTS.some((v) => v.id === id));
if (unknown.length > 0 || !seeds.every(Number.isInteger) || !Number.isInteger(iterations) || iterations < 1) {
  console.error(
    `record:ablation: ${unknown.length > 0 ? `no variant named ${unknown.join(', ')} (known: ${ABLATION_VARIANTS.map((v) => v.id).join(', ')})` : '--seeds must be integers and --iterations a positive integer'}.`,
  );
  process.exit(2);
}
const configOf = (v: AblationVariant, seed: number) => makeConfig(preset, { ...v.set, seed } as ConfigOverride);
// Check every variant's settings before the first run's minutes go to a switch this build lacks.
for (const v of ABLATION_VARIANTS) configOf(v, seeds[0] as number);

const cache = String(values.cache);
mkdirSync(cache, { recursive: true });
const cacheFile = (v: AblationVariant, seed: number) => join(cache, `${v.id}-seed${seed}.json`);
/** A cached run, if it was made with the same preset, settings and length. */
function cached(v: AblationVariant, seed: number): AblationRun | null {
  const file = cacheFile(v, seed);
  if (!existsSync(file)) return null;
  const entry = JSON.parse(readFileSync(file, 'utf8')) as { config: unknown; run: AblationRun };
  const same =
    JSON.stringify(entry.config) === JSON.stringify(configOf(v, seed)) && entry.run.summaries.length === iterations;
  return same ? entry.run : null;
}

const chosen = only.length > 0 ? ABLATION_VARIANTS.filter((v) => only.includes(v.id)) : ABLATION_VARIANTS;
for (const v of chosen)
  for (const seed of seeds) {
    if (cached(v, seed)) continue;
    const config = configOf(v, seed);
    const t0 = performance.now();
    const { engine, dispose } = await createNodeEngine(config);
    try {
      const base = await engine.evaluateBaseline();
      for (let k = 1; k <= iterations; k++) await engine.runIteration();
      const run: AblationRun = {
        seed,
        baseline: base.accuracy,
        baselineByDifficulty: base.byDifficulty,
        summaries: engine.summaries,
      };
      writeFileSync(cacheFile(v, seed), JSON.stringify({ config, run }));
      const curve = run.summaries.map((s) => s.heldOutAccuracy?.toFixed(3)).join(' ');
      console.log(
        `${v.id} seed ${seed}: held-out ${base.accuracy.toFixed(3)} → ${curve} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
    } finally {
      await dispose();
    }
  }

const runs = ABLATION_VARIANTS.map((v) => seeds.map((seed) => cached(v, seed)));
if (runs.some((rs) => rs.some((r) => r === null))) {
  console.log('record:ablation: some runs are not in the cache yet; the recording is written once all are.');
  process.exit(0);
}
const text = encodeAblation({
  preset,
  iterations,
  seeds,
  questions: DIFFICULTIES.length * makeConfig(preset).evaluation.questionsPerDifficulty,
  variants: ABLATION_VARIANTS.map((v, i) => ({ id: v.id, set: v.set, runs: runs[i] as AblationRun[] })),
});
writeFileSync(String(values.out), text);
console.log(`record:ablation: wrote ${String(values.out)}`);
// The table the page draws: held-out accuracy over the seeds, final and averaged over iterations,
// and the final accuracy on the top levels where every run kept its by-level figures.
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
const cell = (m: AblationMeasure) =>
  `${m.mean.toFixed(3)} [${m.min.toFixed(3)}, ${m.max.toFixed(3)}] ${pts(m.difference)} ${m.separation}`;
console.log(
  `variant                  final mean [min, max] Δ vs full      average over iterations            top levels ${TOP_LEVELS.join('–')}, final              paper Δ math / general`,
);
for (const row of ablationRows(decodeAblation(text)))
  console.log(
    `${row.id.padEnd(24)} ${cell(row.final).padEnd(34)} ${cell(row.average).padEnd(34)} ${(row.top ? cell(row.top) : '—').padEnd(34)} ${row.paper ? `${row.paper.mathDifference.toFixed(1)} / ${row.paper.generalDifference.toFixed(1)} (Table ${row.paper.table})` : ''}`,
  );
