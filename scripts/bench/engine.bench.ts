/**
 * Engine section of `npm run bench`: one `classroom` iteration in Node (WASM backend, Pyodide
 * sandbox), seconds per phase and in total, and the tensor count before and after. The sandbox is
 * started first and its boot timed on its own (`sandboxBootSeconds`): a page boots it once per
 * visit, so it is not part of an iteration (the first tool call would otherwise wait for it).
 * `nodeIterations` is the same measurement for the tab section (tab.bench.ts), which sets the
 * page's iterations beside it, with each phase's tool calls metered as in the page.
 * `BENCH_ENGINE_BACKEND=webgpu` runs the iteration on tfjs's WebGPU backend through Dawn
 * (node-gpu.ts; the adapter is reported, and a fallback one is SwiftShader, whose times say nothing
 * of a GPU): scripts/device/webgpu-bench.sh runs it so on a machine with a GPU.
 * `BENCH_ENGINE_PRESET` (default classroom) names another preset, e.g. tiny on SwiftShader.
 */
import * as tf from '@tensorflow/tfjs';
import { type PresetName, makeConfig } from '../../src/core/config';
import { atIterationStart } from '../../src/engine/loop/loop-position';
import { createEngineSandbox, createNodeEngine } from '../../src/engine/node';
import { type PhaseMeter, type ToolCallTiming, meteredSandbox, phaseMeter } from '../../src/engine/phase-meter';
import type { PhaseName } from '../../src/engine/loop/trace';
import type { BackendName } from '../../src/model/backend/backend';
import { installNodeGpu } from './node-gpu';

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
  engineOptions: { backends?: BackendName[]; preset?: PresetName; initLimitMs?: number } = {},
): Promise<NodeRun> {
  const { preset = 'classroom', ...start } = engineOptions;
  const calls: ToolCallTiming[] = [];
  const sandbox = meteredSandbox(createEngineSandbox(), calls);
  const { engine, dispose } = await createNodeEngine(makeConfig(preset, { seed }), { sandbox, ...start });
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
  const webgpu = process.env.BENCH_ENGINE_BACKEND === 'webgpu';
  const gpu = webgpu ? await installNodeGpu() : null;
  if (gpu?.adapter === null) return { gpu, iteration: 'not measured: Dawn found no adapter (no Vulkan driver)' };
  const preset = (process.env.BENCH_ENGINE_PRESET ?? 'classroom') as PresetName;
  // On SwiftShader the fused kernels' start-up checks alone can take minutes.
  const node = await nodeIterations(1, 1, undefined, {
    preset,
    ...(webgpu ? { backends: ['webgpu'], initLimitMs: gpu?.fallback ? 900_000 : undefined } : {}),
  });
  const phases = node.iterations[0] ?? [];
  const secondsPerPhase: Record<string, number> = {};
  for (const p of phases) secondsPerPhase[p.phase] = seconds((secondsPerPhase[p.phase] ?? 0) * 1000 + p.ms);
  return {
    backend: node.backend,
    ...(gpu ? { gpu } : {}),
    preset,
    sandboxBootSeconds: Number(node.sandboxBootSeconds.toFixed(2)),
    baselineSeconds: Number(node.baselineSeconds.toFixed(2)),
    iterationSeconds: seconds(phases.reduce((s, p) => s + p.ms, 0)),
    secondsPerPhase,
    tensorsBefore: node.tensorsBefore,
    tensorsAfter: node.tensorsAfter,
  };
}
