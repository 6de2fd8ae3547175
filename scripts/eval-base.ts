/**
 * `npm run eval:base [-- --model PATH --n N --seed S --held-out N --held-out-seed S]`: measures the shipped base model.
 * - questioner: 4N samples at temperature 1, writing with the tool (up to 4 programs) → contract
 *   validity (parseQuestioner), how many questions the oracle can solve, how many boxed answers are
 *   right, the share of each difficulty and the tool calls per sample;
 * - plain solver and tool solver: N tasks per difficulty at temperature 0.7, top-p 0.9 (the
 *   solver-proxy settings, docs/algorithms.md §2.3) → accuracy (boxed answer = exact answer) by
 *   difficulty, and the share of tool-solver rollouts that ran a program.
 * - held-out, as the evaluation phase measures it (docs/algorithms.md §1.6: greedy, with the tool,
 *   the classroom preset's turns and observation limit, `--held-out N` questions per difficulty of
 *   the fixed held-out set, seed 424242; 20 is the preset's) → accuracy and tool use by difficulty,
 *   and issue #59's ladder check (src/core/ladder.ts); `--held-out-seed` draws another set.
 * Programs run in the Node Python sandbox (src/sandbox/node.ts). Prints a table, then one JSON
 * object as the last line.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { extractBoxed } from '../src/core/boxed';
import { parseQuestioner } from '../src/core/contracts';
import { Rng } from '../src/core/random';
import { DIFFICULTIES, type Difficulty, generateTask, solveQuestion } from '../src/core/tasks';
import { Tokenizer } from '../src/core/tokenizer';
import { selectBackend } from '../src/model/backend/backend';
import { questionerPrompt, solverPrompt, toolSolverPrompt } from '../src/core/contracts';
import { TinyLM } from '../src/model/model';
import { toolRollouts } from '../src/model/tool-rollout';
import { createNodeSandbox } from '../src/sandbox/node';
import { makeConfig } from '../src/core/config';
import { LADDER, ladderCheck } from '../src/core/ladder';
import { HELD_OUT_SEED } from '../src/engine/loop/evaluate';
import { createNodeEngine } from '../src/engine/node';

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'public/models/base.a0lm' },
    n: { type: 'string', default: '50' },
    seed: { type: 'string', default: '7' },
    'held-out': { type: 'string', default: '20' },
    'held-out-seed': { type: 'string', default: String(HELD_OUT_SEED) },
  },
});
const n = Number(values.n);
const heldOutSeed = Number(values['held-out-seed']);
if (!Number.isInteger(heldOutSeed)) {
  console.error(`eval:base: --held-out-seed takes an integer (got ${values['held-out-seed']}).`);
  process.exit(2);
}
const rng = new Rng(Number(values.seed));
const choice = await selectBackend(['wasm', 'cpu']);
const tokenizer = new Tokenizer();
const model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync(values.model)), tokenizer);
const solverSampling = { temperature: 0.7, topP: 0.9, maxNewTokens: 48 };

const sandbox = createNodeSandbox();
const execute = async (code: string): Promise<string> => {
  const r = await sandbox.run(code, { timeoutMs: 5000 });
  return r.stdout || r.error || r.stderr;
};

// Questioner, writing with the tool.
const qPrompt = tokenizer.encode(questionerPrompt());
const qOut = await toolRollouts(
  model,
  Array.from({ length: n * 4 }, () => qPrompt),
  { temperature: 1, maxNewTokens: 100, execute, maxToolTurns: 4 },
  rng.fork(),
);
let valid = 0;
let solvable = 0;
let rightAnswer = 0;
const questionerDifficulty: Record<number, number> = {};
for (const o of qOut) {
  const parsed = parseQuestioner(o.text);
  if (!parsed) continue;
  valid++;
  const oracle = solveQuestion(parsed.question);
  if (oracle) {
    solvable++;
    questionerDifficulty[oracle.difficulty] = (questionerDifficulty[oracle.difficulty] ?? 0) + 1 / qOut.length;
  }
  if (oracle && oracle.answer === parsed.answer) rightAnswer++;
}
const questionerToolCalls = qOut.reduce((s, o) => s + o.toolCalls, 0) / qOut.length;

// Solvers.
const plainAccuracy: Record<number, number> = {};
const toolAccuracy: Record<number, number> = {};
const toolUseByDifficulty: Record<number, number> = {};
const toolCallsByDifficulty: Record<number, number> = {};
let toolUsed = 0;
for (const d of DIFFICULTIES) {
  const tasks = Array.from({ length: n }, () => generateTask(rng, d as Difficulty));
  const plain = await model.generate(
    tasks.map((t) => tokenizer.encode(solverPrompt(t.question))),
    solverSampling,
    rng.fork(),
  );
  plainAccuracy[d] = plain.filter((o, i) => extractBoxed(o.text) === tasks[i]?.answer).length / n;
  const tool = await toolRollouts(
    model,
    tasks.map((t) => tokenizer.encode(toolSolverPrompt(t.question))),
    { ...solverSampling, execute, maxToolTurns: 4 },
    rng.fork(),
  );
  toolAccuracy[d] = tool.filter((r, i) => extractBoxed(r.text) === tasks[i]?.answer).length / n;
  toolCallsByDifficulty[d] = tool.reduce((s, r) => s + r.toolCalls, 0) / n;
  const used = tool.filter((r) => r.toolCalls > 0).length;
  toolUseByDifficulty[d] = used / n;
  toolUsed += used;
}
await sandbox.dispose();

// Held-out, as the evaluation phase measures it (the engine's own evaluation of the base).
const heldOutPerLevel = Number(values['held-out']);
const heldOutEngine = await createNodeEngine(
  makeConfig('classroom', { evaluation: { questionsPerDifficulty: heldOutPerLevel } }),
  { checkpoint: new Uint8Array(readFileSync(values.model)) },
);
// The held-out set as heldOutTasks draws it (src/engine/loop/evaluate.ts): with the default seed it
// is the evaluation phase's own set, `--held-out-seed` another draw.
const heldOutRng = new Rng(heldOutSeed);
const heldOut = await heldOutEngine.engine.evaluateOn(
  DIFFICULTIES.flatMap((d) => Array.from({ length: heldOutPerLevel }, () => generateTask(heldOutRng, d))),
);
await heldOutEngine.dispose();
const ladder = ladderCheck(heldOut.byDifficulty.map((d) => d.accuracy));

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`.padStart(5);
console.log(
  `backend ${choice.backend}; model ${values.model}; ${model.paramCount} parameters; python: Pyodide sandbox`,
);
console.log(
  `questioner (T = 1, ${qOut.length} samples): contract valid ${pct(valid / qOut.length)}, oracle-solvable ${pct(solvable / qOut.length)}, boxed answer right ${pct(rightAnswer / qOut.length)}, tool calls per sample ${questionerToolCalls.toFixed(2)}`,
);
console.log(
  `questioner difficulty shares: ${DIFFICULTIES.map((d) => `${d}: ${pct(questionerDifficulty[d] ?? 0)}`).join(', ')}`,
);
console.log(`solvers (T = 0.7, top-p 0.9, ${n} tasks per difficulty):`);
console.log('difficulty | plain | tool | tool use | calls');
for (const d of DIFFICULTIES)
  console.log(
    `${String(d).padStart(10)} | ${pct(plainAccuracy[d] ?? 0)} | ${pct(toolAccuracy[d] ?? 0)} | ${pct(toolUseByDifficulty[d] ?? 0)}    | ${(toolCallsByDifficulty[d] ?? 0).toFixed(2)}`,
  );
console.log(
  `held-out as the evaluation phase measures it (greedy, with the tool, ${heldOutPerLevel} per difficulty): accuracy ${heldOut.accuracy.toFixed(3)}`,
);
console.log('difficulty | accuracy | tool use');
for (const d of heldOut.byDifficulty)
  console.log(`${String(d.difficulty).padStart(10)} | ${pct(d.accuracy).padStart(8)} | ${pct(d.toolUse)}`);
console.log(
  `ladder (level 1 ≥ ${LADDER.bottomAtLeast}, top ≤ ${LADDER.topAtMost}, no level more than ${LADDER.maxRise} above the one below): ${ladder.holds ? 'holds' : `does not hold (level 1 ${ladder.bottom.toFixed(2)}, top ${ladder.top.toFixed(2)}${ladder.tooHigh.length > 0 ? `, too high: levels ${ladder.tooHigh.join(', ')}` : ''})`}`,
);
const summary = {
  contractValidRate: valid / qOut.length,
  questionSolvableRate: solvable / qOut.length,
  questionerAnswerRightRate: rightAnswer / qOut.length,
  questionerToolCalls,
  questionerDifficulty,
  plainAccuracy,
  toolAccuracy,
  toolUseRate: toolUsed / (n * DIFFICULTIES.length),
  toolUseByDifficulty,
  toolCallsByDifficulty,
  params: model.paramCount,
  samplesPerDifficulty: n,
  python: 'pyodide sandbox',
  backend: choice.backend,
  heldOut: {
    seed: heldOutSeed,
    questionsPerDifficulty: heldOutPerLevel,
    byDifficulty: heldOut.byDifficulty,
    ladder,
  },
};
model.dispose();
console.log(JSON.stringify(summary));
