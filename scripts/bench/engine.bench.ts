/**
 * Engine section of `npm run bench`: one `classroom` iteration in Node (WASM backend, Pyodide
 * sandbox), seconds per phase and in total, and the tensor count before and after. The sandbox is
 * started first and its boot timed on its own (`sandboxBootSeconds`): a page boots it once per
 * visit, so it is not part of an iteration (the first tool call would otherwise wait for it).
 */
import * as tf from '@tensorflow/tfjs';
import { makeConfig } from '../../src/core/config';
import { createNodeEngine } from '../../src/engine/node';

export const name = 'engine';

export async function run(): Promise<Record<string, unknown>> {
  const { engine, sandbox, dispose } = await createNodeEngine(makeConfig('classroom', { seed: 1 }));
  try {
    const tBoot = performance.now();
    await sandbox.run('pass', { timeoutMs: 10_000 });
    const sandboxBootSeconds = (performance.now() - tBoot) / 1000;
    const t0 = performance.now();
    await engine.evaluateBaseline();
    const baselineSeconds = (performance.now() - t0) / 1000;
    const tensorsBefore = tf.memory().numTensors;
    const records = await engine.runIteration();
    const secondsPerPhase: Record<string, number> = {};
    for (const r of records)
      secondsPerPhase[r.phase] = Number(((secondsPerPhase[r.phase] ?? 0) + r.ms / 1000).toFixed(2));
    return {
      backend: engine.backend,
      preset: 'classroom',
      sandboxBootSeconds: Number(sandboxBootSeconds.toFixed(2)),
      baselineSeconds: Number(baselineSeconds.toFixed(2)),
      iterationSeconds: Number((records.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(2)),
      secondsPerPhase,
      tensorsBefore,
      tensorsAfter: tf.memory().numTensors,
    };
  } finally {
    await dispose();
  }
}
