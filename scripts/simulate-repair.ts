/**
 * `npm run simulate:repair -- --ablation all --iterations N --seed 1 [--json] [--out FILE]
 *  [--set key=value …] [--model FILE]`: the signal-reshaping ablation in Node (WASM backend,
 * Pyodide in a worker). One line per variant and iteration, a summary table per variant, and with
 * --json a last line of JSON with every variant's curves. --out writes the full record (the
 * chapter's recorded run). --set takes RepairConfig keys, e.g. failureRate=0.1,
 * governance.environmentInStats=drop.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_REPAIR_CONFIG,
  type RepairConfig,
  selectVariants,
  validateRepairConfig,
} from '../src/core/repair/config';
import { repairVocabulary } from '../src/core/repair/actions';
import { parseOverrideValue } from '../src/engine/loop/overrides';
import { Tokenizer } from '../src/core/tokenizer';
import { selectBackend } from '../src/model/backend/backend';
import { TinyLM } from '../src/model/model';
import { runAblation } from '../src/repair/ablation';
import { RepairEnvironment } from '../src/repair/environment';
import { encodeRepairRun } from '../src/repair/recording';
import type { EpisodeMetrics } from '../src/repair/records';
import { REPAIR_CHECKPOINT } from '../src/repair/checkpoint-path';
import { summarizeRun } from '../src/repair/summary';
import { createNodeSandbox } from '../src/sandbox/node';

const { values } = parseArgs({
  options: {
    ablation: { type: 'string', default: 'all' },
    iterations: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
    model: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
  },
});

/** The default config with --iterations, --seed and every --set applied (numbers or words). */
function configFromArgs(): RepairConfig {
  const config: RepairConfig = structuredClone(DEFAULT_REPAIR_CONFIG);
  const assign = (path: string, raw: string): void => {
    const keys = path.split('.');
    let target = config as unknown as Record<string, unknown>;
    for (const k of keys.slice(0, -1)) {
      if (typeof target[k] !== 'object' || target[k] === null) throw new Error(`--set ${path}: no setting ${k}.`);
      target = target[k] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1] as string;
    if (!(last in target))
      throw new Error(`--set ${path}: no such setting (settings: ${Object.keys(DEFAULT_REPAIR_CONFIG).join(', ')}).`);
    const value = parseOverrideValue(raw);
    if (typeof value !== typeof target[last])
      throw new Error(`--set ${path}: expected a ${typeof target[last]} (got ${JSON.stringify(raw)}).`);
    target[last] = value;
  };
  if (values.iterations) assign('iterations', values.iterations);
  if (values.seed) assign('seed', values.seed);
  for (const s of values.set) {
    const at = s.indexOf('=');
    if (at < 1) throw new Error(`--set takes key=value (got ${JSON.stringify(s)}).`);
    assign(s.slice(0, at), s.slice(at + 1));
  }
  return validateRepairConfig(config);
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const fmt = (m: EpisodeMetrics): string =>
  `compile ${pct(m.compileRate)} strict ${pct(m.strictAccuracy)} steps ${m.meanSteps.toFixed(2)}`;

try {
  const config = configFromArgs();
  const variants = selectVariants(values.ablation);
  const choice = await selectBackend(['wasm', 'cpu']);
  const tokenizer = new Tokenizer(repairVocabulary());
  const bytes = new Uint8Array(readFileSync(values.model ?? REPAIR_CHECKPOINT));
  TinyLM.fromCheckpoint(bytes, tokenizer).dispose();
  const sandbox = createNodeSandbox();
  const env = new RepairEnvironment(sandbox, config.callTimeoutMs);
  const t0 = performance.now();
  console.log(
    `backend ${choice.backend}; variants ${variants.map((v) => v.name).join(', ')}; ${config.iterations} iterations × ${config.tasksPerIteration} tasks × ${config.groupSize} rollouts; seed ${config.seed}`,
  );
  const runs = await runAblation(variants, config, env, {
    loadModel: () => TinyLM.fromCheckpoint(bytes, tokenizer),
    onBaseline: (m) => console.log(`base model (held-out ${m.episodes} tasks, T ${config.evalTemperature}): ${fmt(m)}`),
    onIteration: (v, r) =>
      console.log(
        `${v.name.padEnd(24)} it ${String(r.iteration).padStart(2)} | eval ${fmt(r.eval)} | train R ${r.train.meanReward.toFixed(3)} tiers ${r.train.tiers.join('/')} masked env ${pct(r.train.masked.environment)} degen ${pct(r.train.masked.degenerate)} | kl ${r.update.kl.toFixed(4)} clip ${r.update.clipFraction.toFixed(3)} | ${r.seconds.toFixed(1)} s`,
      ),
  });
  await sandbox.dispose();
  const minutes = (performance.now() - t0) / 60000;
  const summaries = runs.map(summarizeRun);
  console.log(
    '\nvariant                  | compile  | strict   | steps | masked | env fail | degen  | last-5 strict | best strict',
  );
  for (const s of summaries) {
    console.log(
      `${s.variant.padEnd(24)} | ${pct(s.final.compileRate).padStart(8)} | ${pct(s.final.strictAccuracy).padStart(8)} | ${s.final.meanSteps.toFixed(2).padStart(5)} | ${pct(s.maskedShare).padStart(6)} | ${pct(s.environmentShare).padStart(8)} | ${pct(s.degenerateShare).padStart(6)} | ${pct(s.lastFiveStrict).padStart(13)} | ${pct(s.bestStrict).padStart(11)}`,
    );
  }
  console.log(`${minutes.toFixed(1)} min`);
  if (values.out) {
    writeFileSync(values.out, encodeRepairRun({ config, backend: choice.backend, minutes, runs, otherSeeds: [] }));
    console.log(`wrote ${values.out}`);
  }
  if (values.json) console.log(JSON.stringify({ config, minutes, variants: summaries }));
} catch (err) {
  console.error(`simulate:repair: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
