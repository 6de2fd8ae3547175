/**
 * The repair lab's dedicated module Worker: loads the pre-trained repair agent
 * (models/repair.a0lm), starts its own Pyodide sandbox and runs one ablation variant in the tab,
 * posting the shared baseline and every iteration's record. `stop` acts between iterations.
 */
import { ProblemError, reportOf } from '../core/problem-error';
import { repairVocabulary } from '../core/repair/actions';
import { DEFAULT_REPAIR_CONFIG, type RepairConfig, selectVariants, validateRepairConfig } from '../core/repair/config';
import { Tokenizer } from '../core/tokenizer';
import { selectUsableBackend } from '../model/backend/choice';
import { useServedWasmBinaries } from '../model/backend/served-wasm';
import { TinyLM } from '../model/model';
import { createBrowserSandbox } from '../sandbox/browser';
import type { Sandbox } from '../sandbox/types';
import { runAblation } from './ablation';
import { RepairEnvironment } from './environment';
import type { RepairCommand, RepairEvent } from './protocol';

const post = (event: RepairEvent) => (self as unknown as Worker).postMessage(event);

let sandbox: Sandbox | null = null;
let bytes: Uint8Array | null = null;
let stopRequested = false;
let running = false;

async function start(cmd: Extract<RepairCommand, { type: 'start' }>): Promise<void> {
  if (running) throw new ProblemError([{ kind: 'repair-busy' }]);
  running = true;
  stopRequested = false;
  try {
    const config: RepairConfig = validateRepairConfig({ ...DEFAULT_REPAIR_CONFIG, iterations: cmd.iterations });
    const variants = selectVariants(cmd.variant);
    useServedWasmBinaries(cmd.wasmThreads);
    // Python starts beside the backend and the model (a failed start is tried again at the first call).
    sandbox ??= createBrowserSandbox({ spawner: cmd.sandboxSpawner });
    sandbox.boot().catch(() => {});
    // The main lab's rule: a fallback adapter (SwiftShader) is skipped unless asked for by name.
    const choice = await selectUsableBackend(cmd.backends, cmd.asked);
    post({ type: 'ready', backend: choice.backend, fallbacks: choice.fallbacks, threads: choice.threads });
    post({ type: 'stage', stage: 'model' });
    if (!bytes) {
      const res = await fetch(new URL(`${import.meta.env.BASE_URL}models/repair.a0lm`, self.location.origin));
      if (!res.ok) throw new ProblemError([{ kind: 'model-missing', model: 'repair', status: res.status }]);
      bytes = new Uint8Array(await res.arrayBuffer());
    }
    const tokenizer = new Tokenizer(repairVocabulary());
    const weights = bytes;
    const env = new RepairEnvironment(sandbox, config.callTimeoutMs);
    post({ type: 'stage', stage: 'baseline' });
    await runAblation(variants, config, env, {
      loadModel: () => TinyLM.fromCheckpoint(weights, tokenizer),
      onBaseline: (metrics) => post({ type: 'baseline', metrics }),
      onIteration: (variant, record) => post({ type: 'iteration', variant, record }),
      shouldStop: () => stopRequested,
    });
    post({ type: 'done', reason: stopRequested ? 'stopped' : 'finished' });
  } finally {
    running = false;
  }
}

self.onmessage = (e: MessageEvent<RepairCommand>) => {
  const cmd = e.data;
  if (cmd.type === 'stop') {
    stopRequested = true;
    return;
  }
  start(cmd).catch((err: unknown) =>
    post({ type: 'error', message: err instanceof Error ? err.message : String(err), report: reportOf(err) }),
  );
};
