/**
 * The engine in Node (command line, tests): WASM backend (else CPU), both roles and their frozen
 * references loaded from the base checkpoint, the Pyodide sandbox in worker threads.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Agent0Config } from '../core/config';
import { type BackendName, selectBackend } from '../model/backend/backend';
import { createNodeSandbox } from '../sandbox/node';
import { pythonWorkerCount } from '../sandbox/pool';
import type { Sandbox } from '../sandbox/types';
import type { EngineContext } from './loop/context';
import { Engine } from './loop/engine';
import { modelsFromCheckpoint } from './loop/models';
import { sandboxToolRunner } from './loop/tool-runner';

export const BASE_CHECKPOINT = new URL('../../public/models/base.a0lm', import.meta.url);

export interface NodeEngine {
  engine: Engine;
  sandbox: Sandbox;
  dispose(): Promise<void>;
}

/** The engine's Python sandbox in Node: one runtime per core, at most MAX_PYTHON_WORKERS (pool.ts). */
export function createEngineSandbox(): Sandbox {
  return createNodeSandbox({}, pythonWorkerCount(availableParallelism()));
}

export async function createNodeEngine(
  config: Agent0Config,
  opts: {
    checkpoint?: Uint8Array;
    progress?: EngineContext['progress'];
    sandbox?: Sandbox;
    /** The backends to try, in order (default WASM, then CPU; WebGPU needs Dawn, bench/node-gpu.ts). */
    backends?: BackendName[];
    /** How long a backend may take to start (default INIT_LIMIT_MS; WebGPU's checks on SwiftShader take longer). */
    initLimitMs?: number;
  } = {},
): Promise<NodeEngine> {
  const choice = await selectBackend(opts.backends ?? ['wasm', 'cpu'], { initLimitMs: opts.initLimitMs });
  const backend = choice.fallbacks.length
    ? `${choice.backend} (${choice.fallbacks.map((f) => `${f.backend}: ${f.reason}`).join('; ')})`
    : choice.backend;
  const models = modelsFromCheckpoint(opts.checkpoint ?? new Uint8Array(readFileSync(BASE_CHECKPOINT)));
  const sandbox = opts.sandbox ?? createEngineSandbox();
  const engine = new Engine(config, models, sandboxToolRunner(sandbox), backend, undefined, opts.progress);
  return {
    engine,
    sandbox,
    async dispose() {
      Object.values(models).forEach((m) => m.dispose());
      if (!opts.sandbox) await sandbox.dispose();
    },
  };
}
