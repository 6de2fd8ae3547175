/**
 * A fixed workload the soak test times between iterations, so that "the engine slows down over a
 * long class" can be told apart from "the lesson got longer": as the solver learns to call the
 * tool, the classroom run's own work grows (about 300 Python calls in iteration 2, 600 from
 * iteration 10 on), and its iteration time with it. The probe does the same work every time:
 * the executor generates PROBE_TOKENS tokens for PROBE_PROMPTS copies of one prompt (end-of-text
 * ignored, its own seed, so the shapes and the cache's growth repeat exactly), and the sandbox
 * runs one fixed snippet. It touches neither the run's random stream nor its weights.
 */
import type { TinyLM } from '../model/model';
import type { Sandbox } from '../sandbox/types';

export const PROBE_PROMPTS = 16;
export const PROBE_TOKENS = 64;
const PROBE_TEXT = '<|tool|>What is 12 + 30 ?\n';
/** About 35 ms in Pyodide here (Chromium, 2 cores): long enough that timer jitter does not decide the soak's verdict. */
const PROBE_CODE = 'print(sum(i * i for i in range(300000)))';

/** Times of each part; each part runs PROBE_REPEATS times and the fastest counts. */
export const PROBE_REPEATS = 3;

export interface ProbeTimes {
  /** Wall time of the generation, ms (fastest of PROBE_REPEATS). */
  generationMs: number;
  /** Wall time of the snippet's run in the sandbox, queue included, ms (fastest of PROBE_REPEATS). */
  pythonMs: number;
}

/** Fastest wall time of `work` over PROBE_REPEATS runs, ms: a busy moment of the page or the machine slows one run, not all. */
async function fastest(work: () => Promise<void>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < PROBE_REPEATS; k++) {
    const t0 = performance.now();
    await work();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Time the fixed workload (see the module comment). */
export async function probeEngine(model: TinyLM, sandbox: Sandbox): Promise<ProbeTimes> {
  const prompt = model.tokenizer.encode(PROBE_TEXT);
  const prompts = Array.from({ length: PROBE_PROMPTS }, () => prompt);
  const generationMs = await fastest(async () => {
    await model.generate(prompts, { temperature: 1, maxNewTokens: PROBE_TOKENS, ignoreEos: true }, 1);
  });
  const pythonMs = await fastest(async () => {
    const run = await sandbox.run(PROBE_CODE, { timeoutMs: 10_000 });
    if (run.error) throw new Error(`probe: the sandbox failed the fixed snippet: ${run.error}`);
  });
  return { generationMs, pythonMs };
}
