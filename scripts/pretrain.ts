/**
 * `npm run pretrain [-- --seed N --steps N --out PATH --tool-use s1,…,s7 --difficulty-weights w1,…,w7
 *   --kind-weights q,s,t --questioner-tool-use s]`: trains the base model
 * on the synthetic corpus (src/model/pretrain/corpus.ts) with the WASM backend and writes the checkpoint (default
 * public/models/base.a0lm). Same seed and steps → same file. Batches: a pool of 8 × 32 documents
 * is drawn, sorted by length and cut into 8 batches (less padding), whose order is shuffled.
 * Learning rate: linear warm-up over 50 steps to the peak, then cosine decay to 10 % of it.
 * Every `--save-every` steps the checkpoint so far goes to `<out>.partial` (for inspection).
 * `--from OLD.a0lm` starts from an older checkpoint instead of fresh weights (warm-start.ts: rows of
 * tokens the old vocabulary lacks stay fresh), e.g. after the task family grew. The corpus options
 * (corpus.ts `corpusMix`; each absent one keeps DEFAULT_CORPUS_MIX's value): `--tool-use`, per difficulty
 * 1–7, the share of tool-solver documents that call the tool; `--difficulty-weights`, the weight of each
 * difficulty; `--kind-weights`, the weights of questioner, plain-solver and tool-solver documents;
 * `--questioner-tool-use`, the share of questioner documents that check their question with the tool.
 * The checkpoint's metadata records the options given.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Rng } from '../src/core/random';
import { Tokenizer } from '../src/core/tokenizer';
import { DEFAULT_OPTIMIZER } from '../src/model/adamw';
import { selectBackend } from '../src/model/backend/backend';
import { corpusMix, mixOptionsOf, sampleDocument } from '../src/model/pretrain/corpus';
import { TinyLM } from '../src/model/model';
import { warmupCosine } from '../src/model/pretrain/schedule';
import { nllStep } from '../src/model/pretrain/supervised';
import { readFileSync } from 'node:fs';
import { warmStartFile } from '../src/model/pretrain/warm-start';
import { PRETRAIN_ARGS, pretrainMetadata } from '../src/model/pretrain/options';

const { values } = parseArgs({ options: PRETRAIN_ARGS });
const seed = Number(values.seed);
const steps = Number(values.steps);
const saveEvery = Number(values['save-every']);
const peakLr = Number(values.lr);
/** The corpus options given on the command line, as written (the checkpoint's metadata records them). */
const mixOptions = mixOptionsOf(values);
const mix = corpusMix(mixOptions);
const BATCH = 32;
const POOL = 8;
const WARMUP = 50;

/** Learning rate at step i: warm-up, then cosine from the peak to 0.1 · peak. */
const learningRate = (i: number): number => warmupCosine(i, steps, peakLr, WARMUP);

const choice = await selectBackend(['wasm', 'cpu']);
console.log(`backend ${choice.backend}${choice.fallbacks.map((f) => ` (${f.backend} skipped: ${f.reason})`).join('')}`);
const tokenizer = new Tokenizer();
const rng = new Rng(seed);
const model = TinyLM.create(tokenizer, {}, rng.nextUint32());
console.log(`model ${JSON.stringify(model.config)}, ${model.paramCount} parameters`);
if (values.from) {
  const warm = warmStartFile(await model.save(), new Uint8Array(readFileSync(values.from)));
  model.load(warm.bytes);
  console.log(`warm start from ${values.from}; fresh rows for ${JSON.stringify(warm.newTokens)}`);
}
/** The checkpoint after `done` steps (metadata records how it was made). */
function save(done: number): Promise<Uint8Array> {
  return model.save({ ...pretrainMetadata(values, done), smoothedLoss: Number(smoothed.toFixed(4)) });
}

const t0 = performance.now();
let queue: number[][][] = [];
let smoothed = 0;
for (let i = 0; i < steps; i++) {
  if (queue.length === 0) {
    const pool = Array.from({ length: BATCH * POOL }, () => tokenizer.encode(sampleDocument(rng, mix).text)).sort(
      (a, b) => a.length - b.length,
    );
    queue = rng.shuffled(Array.from({ length: POOL }, (_, k) => pool.slice(k * BATCH, (k + 1) * BATCH)));
  }
  const batch = queue.pop() as number[][];
  const loss = await nllStep(model.params, model.config, tokenizer.padId, model.optimizer, batch, {
    ...DEFAULT_OPTIMIZER,
    learningRate: learningRate(i),
  });
  smoothed = i === 0 ? loss : 0.98 * smoothed + 0.02 * loss;
  if (i % 50 === 0 || i === steps - 1) {
    const s = (performance.now() - t0) / 1000;
    console.log(
      `step ${i} loss ${loss.toFixed(4)} smoothed ${smoothed.toFixed(4)} lr ${learningRate(i).toExponential(2)} ${s.toFixed(0)} s`,
    );
  }
  if ((i + 1) % saveEvery === 0 && i + 1 < steps) writeFileSync(`${values.out}.partial`, await save(i + 1));
}
const bytes = await save(steps);
writeFileSync(values.out, bytes);
console.log(`wrote ${values.out}: ${bytes.length} bytes, ${((performance.now() - t0) / 60000).toFixed(1)} min`);
