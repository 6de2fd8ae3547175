/**
 * `npm run coevolution -- --run FILE [--json]` or `npm run coevolution -- --preset classroom
 *   --iterations 8 --seed 1 [--set section.key=value ...] [--model BASE.a0lm] [--out FILE] [--json]`
 * Agent0's Table 5 for a run (src/engine/studies/coevolution.ts): rows are the executor frozen after
 * iterations 0, 1, 3 and the last; columns the question pool of each iteration; cells the pass rate
 * against the oracle (labelling.samples tool rollouts per question at the labelling sampling) and
 * tool calls per rollout. With --run the recording's settings are run again (the engine is
 * deterministic) to recover each iteration's executor, and every iteration's summary is checked
 * against the recording's before the table is drawn. --out writes the run as a recording carrying
 * the table (`coevolution`), which the page's replay shows without computing. --questions N takes
 * the paper's columns instead of the run's pools: N fresh questions written by each iteration's
 * questioner (`freshQuestions`; the paper asks 200), not with --out (the page's table is the
 * pools'); --solvers 1,8 computes only those rows. The last line is JSON:
 *   {"table":[{"solver":1,"pass":[…],"toolCalls":[…]},…], "questions":[…per column…],
 *    "levels":[[outside, level 1, …, level 7] per column (levelCounts)], "heldOut":[…],
 *    "gatePass":[…], "poolDifficulty":[…], …} (the last three per iteration).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ConfigOverride, type PresetName, makeConfig } from '../src/core/config';
import { Tokenizer } from '../src/core/tokenizer';
import { coevolutionRow, freshQuestions, tableSolvers } from '../src/engine/studies/coevolution';
import { levelCounts, poolsOfTrace } from '../src/engine/studies/pools';
import { type CoevolutionRow, checkCoevolution } from '../src/engine/files/coevolution-table';
import { createNodeEngine } from '../src/engine/node';
import { parseOverrides } from '../src/engine/loop/overrides';
import { sandboxToolRunner } from '../src/engine/loop/tool-runner';
import type { IterationSummary } from '../src/engine/loop/summary';
import { TinyLM } from '../src/model/model';
import { type RecordedRun, decodeRecording, encodeRecording, recordingOf } from '../src/engine/files/recording';

const { values } = parseArgs({
  options: {
    run: { type: 'string' },
    preset: { type: 'string', default: 'classroom' },
    iterations: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    set: { type: 'string', multiple: true, default: [] },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
    model: { type: 'string' },
    questions: { type: 'string' },
    solvers: { type: 'string' },
  },
});

let recording: RecordedRun | null = null;
let config;
let iterations: number;
try {
  if (values.run) {
    // The page's own check of a recording: a malformed file is refused before anything runs.
    recording = decodeRecording(readFileSync(values.run, 'utf8'));
    config = makeConfig(recording.preset, recording.config as ConfigOverride);
    iterations = recording.summaries.length;
  } else {
    config = makeConfig(
      values.preset as PresetName,
      {
        ...parseOverrides(values.set ?? []),
        seed: Number(values.seed),
      } as ConfigOverride,
    );
    iterations = Number(values.iterations);
    if (!Number.isInteger(iterations) || iterations < 1) throw new Error('--iterations must be a positive integer.');
  }
  if (values.questions !== undefined) {
    const n = Number(values.questions);
    if (!Number.isInteger(n) || n < 1) throw new Error('--questions must be a positive integer.');
    if (values.out) throw new Error("--questions and --out go apart: a recording's table is drawn from its pools.");
  }
  if (values.solvers !== undefined && values.out)
    throw new Error("--solvers and --out go apart: a recording's table has the rows 0, 1, 3 and the last.");
} catch (err) {
  console.error(`coevolution: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
const fresh = values.questions === undefined ? null : Number(values.questions);
// --solvers 1,8: only these rows (each a frozen executor answering every column), else tableSolvers'.
const rows = values.solvers?.split(',').map(Number);
if (rows?.some((k) => !Number.isInteger(k) || k < 0 || k > iterations)) {
  console.error(`coevolution: --solvers takes iterations from 0 to ${iterations}, comma-separated.`);
  process.exit(2);
}

const checkpoint = values.model ? new Uint8Array(readFileSync(values.model)) : undefined;
const { engine, sandbox, dispose } = await createNodeEngine(config, checkpoint ? { checkpoint } : {});
const fmt = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
try {
  const solvers = rows ?? tableSolvers(iterations);
  const snapshots = new Map<number, Uint8Array>([[0, await engine.models.executor.save()]]);
  // Each iteration's questioner, for fresh columns.
  const writers = new Map<number, Uint8Array>();
  const base = await engine.evaluateBaseline();
  for (let k = 1; k <= iterations; k++) {
    await engine.runIteration();
    const s = engine.summaries.at(-1) as IterationSummary;
    const recorded = recording?.summaries[k - 1];
    if (recorded && recorded.heldOutAccuracy !== s.heldOutAccuracy) {
      throw new Error(
        `iteration ${k} does not reproduce the recording (held-out ${s.heldOutAccuracy} here, ${recorded.heldOutAccuracy} recorded).`,
      );
    }
    process.stderr.write(`coevolution: iteration ${k}: held-out ${fmt(s.heldOutAccuracy)}\n`);
    if (solvers.includes(k)) snapshots.set(k, await engine.models.executor.save());
    if (fresh !== null) writers.set(k, await engine.models.questioner.save());
  }
  const runPools = poolsOfTrace(engine.trace);
  if (recording && JSON.stringify(runPools) !== JSON.stringify(poolsOfTrace(recording.trace))) {
    throw new Error("the question pools run again differ from the recording's.");
  }
  const tokenizer = new Tokenizer();
  const pools: string[][] = [];
  if (fresh === null) pools.push(...runPools);
  else
    for (let k = 1; k <= iterations; k++) {
      const questioner = TinyLM.fromCheckpoint(writers.get(k) as Uint8Array, tokenizer);
      try {
        pools.push(await freshQuestions(questioner, k, fresh, config, sandboxToolRunner(sandbox)));
      } finally {
        questioner.dispose();
      }
      process.stderr.write(`coevolution: ${pools.at(-1)?.length} fresh questions of iteration ${k}\n`);
    }
  const table: CoevolutionRow[] = [];
  for (const k of solvers) {
    const frozen = TinyLM.fromCheckpoint(snapshots.get(k) as Uint8Array, tokenizer);
    try {
      table.push(await coevolutionRow(k, frozen, pools, config, sandboxToolRunner(sandbox)));
    } finally {
      frozen.dispose();
    }
    process.stderr.write(`coevolution: executor after iteration ${k} done\n`);
  }
  if (values.out) {
    checkCoevolution(table, engine.summaries.length); // what the page will check when it reads the file
    // The recording the page replays, with its Table 5 (src/engine/files/recording.ts reads and checks `coevolution`).
    const preset = recording?.preset ?? (values.preset as PresetName);
    writeFileSync(values.out, encodeRecording(recordingOf(engine, preset, table)));
    process.stderr.write(`coevolution: wrote ${values.out} with its table\n`);
  }
  const head = ['executor', ...pools.map((_, j) => `${fresh === null ? 'pool' : 'iter.'} ${j + 1}`)];
  console.log(
    fresh === null
      ? 'pass rate against the oracle (tool calls per rollout) on each iteration’s pool'
      : `pass rate against the oracle (tool calls per rollout) on ${fresh} fresh questions written by each iteration’s questioner`,
  );
  console.log(head.map((h) => h.padStart(13)).join(' '));
  for (const row of table) {
    const cells = row.pass.map((p, j) => `${fmt(p)} (${fmt(row.toolCalls[j] ?? null, 2)})`);
    console.log([`after ${row.solver}`, ...cells].map((c) => c.padStart(13)).join(' '));
  }
  const summaries = engine.summaries.map((s) => s.heldOutAccuracy);
  console.log(`held-out accuracy by iteration: ${summaries.map((a) => fmt(a)).join(' ')}`);
  const levels = pools.map(levelCounts);
  console.log(
    `questions by level (outside the family, 1–7) in each column: ${levels.map((c) => c.join('/')).join('  ')}`,
  );
  const questions = pools.map((pool) => pool.length);
  const gatePass = engine.summaries.map((x) => x.gatePass);
  const poolDifficulty = engine.summaries.map((x) => x.poolDifficulty);
  if (values.json)
    console.log(
      JSON.stringify({
        table,
        questions,
        levels,
        fresh,
        heldOut: summaries,
        base: base.accuracy,
        gatePass,
        poolDifficulty,
      }),
    );
} finally {
  await dispose();
}
