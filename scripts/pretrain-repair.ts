/**
 * `npm run pretrain:repair [-- --seed N --steps N --out PATH]`: pre-trains the repair agent on
 * synthetic traces of a noisy expert (src/repair/traces.ts) acting in the real Pyodide
 * environment, with the WASM backend, and writes public/models/repair.a0lm. The loss covers the
 * agent's action tokens only (prompt and observations are context). Same seed and steps → same file.
 * Learning rate: linear warm-up over 50 steps, then cosine decay to 10 % of the peak.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Rng } from '../src/core/random';
import { repairVocabulary } from '../src/core/repair/actions';
import { generateRepairTask } from '../src/core/repair/tasks';
import { Tokenizer } from '../src/core/tokenizer';
import { DEFAULT_OPTIMIZER } from '../src/model/adamw';
import { selectBackend } from '../src/model/backend/backend';
import { TinyLM } from '../src/model/model';
import { warmupCosine } from '../src/model/pretrain/schedule';
import { nllStep } from '../src/model/pretrain/supervised';
import { RepairEnvironment } from '../src/repair/environment';
import { expertTrace } from '../src/repair/traces';
import { createNodeSandbox } from '../src/sandbox/node';
import { REPAIR_PRETRAIN_ARGS, repairPretrainMetadata } from '../src/repair/pretrain-options';

const { values } = parseArgs({ options: REPAIR_PRETRAIN_ARGS });
const seed = Number(values.seed);
const steps = Number(values.steps);
const peakLr = Number(values.lr);
const saveEvery = Number(values['save-every']);
const BATCH = Number(values.batch);
const WARMUP = 50;
const MAX_STEPS = 6;

/** Learning rate at step i: warm-up, then cosine from the peak to 0.1 · peak. */
const learningRate = (i: number): number => warmupCosine(i, steps, peakLr, WARMUP);

const choice = await selectBackend(['wasm', 'cpu']);
console.log(`backend ${choice.backend}`);
const tokenizer = new Tokenizer(repairVocabulary());
const rng = new Rng(seed);
const model = TinyLM.create(tokenizer, {}, rng.nextUint32());
const ctx = model.config.contextLength;
console.log(`model ${JSON.stringify(model.config)}, ${model.paramCount} parameters`);
const sandbox = createNodeSandbox();
const env = new RepairEnvironment(sandbox, 2000);

/** One encoded trace and its action-token mask (redrawn while it does not fit the context). */
async function example(): Promise<{ ids: number[]; mask: number[] }> {
  for (;;) {
    const trace = await expertTrace(generateRepairTask(rng), env, rng, MAX_STEPS);
    const ids = tokenizer.encode(trace.prompt);
    const mask = ids.map(() => 0);
    for (const part of trace.parts) {
      const t = tokenizer.encode(part.text);
      ids.push(...t);
      mask.push(...t.map(() => (part.kind === 'action' ? 1 : 0)));
    }
    if (ids.length < ctx) return { ids, mask };
  }
}

let smoothed = 0;
const t0 = performance.now();
const save = (done: number): Promise<Uint8Array> =>
  model.save({ ...repairPretrainMetadata(values, done), smoothedLoss: Number(smoothed.toFixed(4)) });
for (let i = 0; i < steps; i++) {
  const batch = [];
  for (let k = 0; k < BATCH; k++) batch.push(await example());
  const loss = await nllStep(
    model.params,
    model.config,
    tokenizer.padId,
    model.optimizer,
    batch.map((b) => b.ids),
    { ...DEFAULT_OPTIMIZER, learningRate: learningRate(i) },
    batch.map((b) => b.mask),
  );
  smoothed = i === 0 ? loss : 0.98 * smoothed + 0.02 * loss;
  if (i % 50 === 0 || i === steps - 1)
    console.log(
      `step ${i} loss ${loss.toFixed(4)} smoothed ${smoothed.toFixed(4)} ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  if (i % 200 === 0) env.clear();
  if ((i + 1) % saveEvery === 0 && i + 1 < steps) writeFileSync(`${values.out}.partial`, await save(i + 1));
}
const bytes = await save(steps);
writeFileSync(values.out, bytes);
console.log(`wrote ${values.out}: ${bytes.length} bytes, ${((performance.now() - t0) / 60000).toFixed(1)} min`);
await sandbox.dispose();
