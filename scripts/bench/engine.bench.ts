/**
 * Engine section of `npm run bench`: one `classroom` iteration in Node (WASM backend, Pyodide
 * sandbox), seconds per phase and in total, and the tensor count before and after. The sandbox is
 * started first and its boot timed on its own (`sandboxBootSeconds`): a page boots it once per
 * visit, so it is not part of an iteration (the first tool call would otherwise wait for it).
 * `nodeIterations` is the same measurement for the tab section (tab.bench.ts), which sets the
 * page's iterations beside it, with each phase's tool calls metered as in the page.
 */
import * as tf from '@tensorflow/tfjs';
import { makeConfig } from '../../src/core/config';
import { atIterationStart } from '../../src/engine/loop/loop-position';
import { createEngineSandbox, createNodeEngine } from '../../src/engine/node';
import { type PhaseMeter, type ToolCallTiming, meteredSandbox, phaseMeter } from '../../src/engine/phase-meter';
import type { PhaseName } from '../../src/engine/loop/trace';

export const name = 'engine';

/** One phase of a Node iteration: the engine's time for it and its tool calls. */
export interface NodePhase {
  phase: PhaseName;
  ms: number;
  meter: PhaseMeter;
}

/** What `nodeIterations` measured. */
export interface NodeRun {
  backend: string;
  sandboxBootSeconds: number;
  baselineSeconds: number;
  iterations: NodePhase[][];
  tensorsBefore: number;
  tensorsAfter: number;
}

/**
 * `count` classroom iterations of `seed` in Node, one after the other from the base model (the
 * sandbox booted and the baseline evaluated first, each timed on its own); `onIteration` hears of
 * each as it ends.
 */
export async function nodeIterations(
  count: number,
  seed = 1,
  onIteration?: (phases: NodePhase[], index: number) => void,
): Promise<NodeRun> {
  const calls: ToolCallTiming[] = [];
  const sandbox = meteredSandbox(createEngineSandbox(), calls);
  const { engine, dispose } = await createNodeEngine(makeConfig('classroom', { seed }), { sandbox });
  try {
    const tBoot = performance.now();
    await sandbox.boot();
    const sandboxBootSeconds = (performance.now() - tBoot) / 1000;
    const t0 = performance.now();
    await engine.evaluateBaseline();
    const baselineSeconds = (performance.now() - t0) / 1000;
    const tensorsBefore = tf.memory().numTensors;
    const iterations: NodePhase[][] = [];
    for (let i = 0; i < count; i++) {
      const phases: NodePhase[] = [];
      do {
        calls.length = 0;
        const record = await engine.step();
        phases.push({ phase: record.phase, ms: record.ms, meter: phaseMeter(calls) });
      } while (!atIterationStart(engine.position));
      iterations.push(phases);
      onIteration?.(phases, i);
    }
    return {
      backend: engine.backend,
      sandboxBootSeconds,
      baselineSeconds,
      iterations,
      tensorsBefore,
      tensorsAfter: tf.memory().numTensors,
    };
  } finally {
    await dispose();
    await sandbox.dispose();
  }
}

const seconds = (ms: number): number => Number((ms / 1000).toFixed(2));

export async function run(): Promise<Record<string, unknown>> {
  const node = await nodeIterations(1);
  const phases = node.iterations[0] ?? [];
  const secondsPerPhase: Record<string, number> = {};
  for (const p of phases) secondsPerPhase[p.phase] = seconds((secondsPerPhase[p.phase] ?? 0) * 1000 + p.ms);
  return {
    backend: node.backend,
    preset: 'classroom',
    sandboxBootSeconds: Number(node.sandboxBootSeconds.toFixed(2)),
    baselineSeconds: Number(node.baselineSeconds.toFixed(2)),
    iterationSeconds: seconds(phases.reduce((s, p) => s + p.ms, 0)),
    secondsPerPhase,
    tensorsBefore: node.tensorsBefore,
    tensorsAfter: node.tensorsAfter,
  };
}
