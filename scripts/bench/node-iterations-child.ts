/**
 * `tsx node-iterations-child.ts COUNT SEED`: engine.bench.ts `nodeIterations` in a process of its
 * own, its NodeRun as the last line of stdout. The tab bench times Node this way before and after
 * the tab, each time in a fresh process: a second run in the same process reruns code V8 has
 * already compiled (its first iteration took 0.4–1.7 s less in three runs), while the tab's first
 * iteration is cold.
 */
import { nodeIterations } from './engine.bench';

const [count, seed] = process.argv.slice(2).map(Number);
if (!Number.isInteger(count) || !Number.isInteger(seed))
  throw new Error('usage: tsx node-iterations-child.ts COUNT SEED');
const run = await nodeIterations(count as number, seed as number);
process.stdout.write(`\n${JSON.stringify(run)}\n`);
// The sandbox's workers do not keep the process from ending.
process.exit(0);
