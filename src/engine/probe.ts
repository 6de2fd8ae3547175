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
/** About 50 ms in Pyodide here: long enough that timer jitter does not decide the soak's verdict. */
const PROBE_CODE = 'print(sum(i * i for i in range(300000)))';

export interface ProbeTimes {
  /** Wall time of the generation, ms. */
  generationMs: number;
  /** Wall time of the snippet's run in the sandbox (queue included), ms. */
  pythonMs: number;
}

/** Time the fixed workload once (see the module comment). */
export async function probeEngine(model: TinyLM, sandbox: Sandbox): Promise<ProbeTimes> {
  const prompt = model.tokenizer.encode(PROBE_TEXT);
  const prompts = Array.from({ length: PROBE_PROMPTS }, () => prompt);
  const t0 = performance.now();
  await model.generate(prompts, { temperature: 1, maxNewTokens: PROBE_TOKENS, ignoreEos: true }, 1);
  const t1 = performance.now();
  const run = await sandbox.run(PROBE_CODE, { timeoutMs: 10_000 });
  const t2 = performance.now();
  if (run.error) throw new Error(`probe: the sandbox failed the fixed snippet: ${run.error}`);
  return { generationMs: t1 - t0, pythonMs: t2 - t1 };
}
