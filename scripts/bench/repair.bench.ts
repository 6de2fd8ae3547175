/**
 * Repair section of `npm run bench`: the signal-reshaping lab in Node (WASM backend, Pyodide
 * sandbox) with the default config and the full variant: seconds of the greedy evaluation and of
 * three iterations, sandbox calls per iteration, and the tensor count before and after (it must
 * not grow).
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { ABLATION_VARIANTS, DEFAULT_REPAIR_CONFIG } from '../../src/core/repair/config';
import { repairVocabulary } from '../../src/core/repair/actions';
import { Tokenizer } from '../../src/core/tokenizer';
import { selectBackend } from '../../src/model/backend/backend';
import { TinyLM } from '../../src/model/model';
import { RepairEnvironment } from '../../src/repair/environment';
import { evaluateRepair, repairIteration } from '../../src/repair/lab';
import { REPAIR_CHECKPOINT } from '../../src/repair/checkpoint-path';
import { createNodeSandbox } from '../../src/sandbox/node';

export const name = 'repair';

export async function run(): Promise<Record<string, unknown>> {
  const choice = await selectBackend(['wasm', 'cpu']);
  const tokenizer = new Tokenizer(repairVocabulary());
  const bytes = new Uint8Array(readFileSync(REPAIR_CHECKPOINT));
  const policy = TinyLM.fromCheckpoint(bytes, tokenizer);
  const reference = TinyLM.fromCheckpoint(bytes, tokenizer);
  const sandbox = createNodeSandbox();
  const env = new RepairEnvironment(sandbox, DEFAULT_REPAIR_CONFIG.callTimeoutMs);
  const variant = ABLATION_VARIANTS.find((v) => v.name === 'full') ?? ABLATION_VARIANTS[0];
  if (!variant) throw new Error('no ablation variant');
  try {
    await env.check(['x=1']);
    let t0 = performance.now();
    await evaluateRepair(policy, env, DEFAULT_REPAIR_CONFIG);
    const evalSeconds = (performance.now() - t0) / 1000;
    const tensorsBefore = tf.memory().numTensors;
    const seconds: number[] = [];
    const calls: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const before = env.calls;
      t0 = performance.now();
      await repairIteration({ policy, reference }, env, DEFAULT_REPAIR_CONFIG, variant, i);
      seconds.push(Number(((performance.now() - t0) / 1000).toFixed(2)));
      calls.push(env.calls - before);
    }
    return {
      backend: choice.backend,
      episodesPerIteration: DEFAULT_REPAIR_CONFIG.tasksPerIteration * DEFAULT_REPAIR_CONFIG.groupSize,
      evalEpisodes: DEFAULT_REPAIR_CONFIG.evalTasks,
      evalSeconds: Number(evalSeconds.toFixed(2)),
      iterationSeconds: seconds,
      sandboxCallsPerIteration: calls,
      tensorsBefore,
      tensorsAfter: tf.memory().numTensors,
    };
  } finally {
    policy.dispose();
    reference.dispose();
    await sandbox.dispose();
  }
}
