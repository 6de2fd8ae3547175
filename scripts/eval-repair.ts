/**
 * `npm run eval:repair [-- --model FILE --tasks N --temperature T --show K]`: the repair agent on
 * held-out tasks (default the lab's evaluation set, greedy, no injected failures): compile rate,
 * strict accuracy and mean steps per defect kind, termination shares, and K example transcripts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { repairVocabulary } from '../src/core/repair/actions';
import { DEFAULT_REPAIR_CONFIG, validateRepairConfig } from '../src/core/repair/config';
import { DEFECT_KINDS } from '../src/core/repair/tasks';
import { Tokenizer } from '../src/core/tokenizer';
import { selectBackend } from '../src/model/backend/backend';
import { TinyLM } from '../src/model/model';
import { RepairEnvironment } from '../src/repair/environment';
import { evaluationEpisodes } from '../src/repair/lab';
import { episodeMetrics } from '../src/repair/records';
import { REPAIR_CHECKPOINT } from '../src/repair/checkpoint-path';
import { createNodeSandbox } from '../src/sandbox/node';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    tasks: { type: 'string', default: String(DEFAULT_REPAIR_CONFIG.evalTasks) },
    temperature: { type: 'string', default: '0' },
    show: { type: 'string', default: '3' },
  },
});
await selectBackend(['wasm', 'cpu']);
const tokenizer = new Tokenizer(repairVocabulary());
const model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync(values.model ?? REPAIR_CHECKPOINT)), tokenizer);
const sandbox = createNodeSandbox();
const env = new RepairEnvironment(sandbox, DEFAULT_REPAIR_CONFIG.callTimeoutMs);
const config = {
  ...DEFAULT_REPAIR_CONFIG,
  evalTasks: Number(values.tasks),
  evalTemperature: Number(values.temperature),
};
const episodes = await evaluationEpisodes(model, env, validateRepairConfig(config));
const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
const all = episodeMetrics(episodes);
console.log(
  `all ${episodes.length}: compile ${pct(all.compileRate)} strict ${pct(all.strictAccuracy)} steps ${all.meanSteps.toFixed(2)}`,
);
for (const kind of DEFECT_KINDS) {
  const m = episodeMetrics(episodes.filter((e) => e.task.defect === kind));
  console.log(
    `${kind.padEnd(20)} compile ${pct(m.compileRate).padStart(4)} strict ${pct(m.strictAccuracy).padStart(4)} steps ${m.meanSteps.toFixed(2)}`,
  );
}
console.log(
  'terminations',
  Object.entries(all.terminations)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${pct(v)}`)
    .join(', '),
);
for (const e of episodes.slice(0, Number(values.show)))
  console.log(
    `\n[${e.task.defect}] ${e.termination} compiles=${e.compiles} matches=${e.matches}\n${tokenizer.decode(e.tokens)}`,
  );
model.dispose();
await sandbox.dispose();
