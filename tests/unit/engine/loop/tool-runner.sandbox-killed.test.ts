/**
 * The Python worker killed in the middle of a phase (a real Pyodide worker thread, terminated
 * while it holds a program): that program's calls come back as failed tool calls marking their
 * candidates (copies of a program handed over together share one run), the host starts a new
 * worker, the later calls run normally and the iteration finishes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import type { ToolRunner } from '../../../../src/engine/loop/context';
import { Engine } from '../../../../src/engine/loop/engine';
import { modelsFromCheckpoint } from '../../../../src/engine/loop/models';
import { BASE_CHECKPOINT } from '../../../../src/engine/node';
import { sandboxToolRunner } from '../../../../src/engine/loop/tool-runner';
import { createHostedSandbox, type WorkerHandle } from '../../../../src/sandbox/host';
import { pyodideDirectory, spawnNodeSandboxWorker } from '../../../../src/sandbox/node';
import { useBackend } from '../../model/fixtures';

type ToolResult = Awaited<ReturnType<ToolRunner>>;

/** The program run of the solver-proxy phase (counted over all workers) during which its worker is terminated. */
const KILL_AT_RUN = 2;

describe('the Python worker killed mid-phase', () => {
  it('fails that call only, and the run goes on with a new worker', async () => {
    await useBackend('wasm');
    let runs = 0;
    let spawned = 0;
    /** Runs are counted from the solver-proxy phase on (the questioner may run programs before it). */
    let armed = false;
    // The worker is terminated while it holds program KILL_AT_RUN: its answer never reaches the host.
    let doomed: number | null = null;
    let doomedCode: string | null = null;
    const spawn = (): WorkerHandle => {
      const handle = spawnNodeSandboxWorker();
      spawned++;
      return {
        ...handle,
        post(message) {
          if (message.type === 'run' && armed && ++runs === KILL_AT_RUN) {
            doomed = message.id;
            doomedCode = message.code;
          }
          handle.post(message);
        },
        listen(onMessage, onDeath) {
          handle.listen((message) => {
            if (message.type === 'result' && message.id === doomed) handle.terminate();
            else onMessage(message);
          }, onDeath);
        },
      };
    };
    const sandbox = createHostedSandbox({ spawn, indexURL: pyodideDirectory() });
    // The questioner's programs go through a runner of their own: one runner would hand the solver
    // proxy the results it kept of the same programs (sharedRuns), and nothing would run there.
    const early = sandboxToolRunner(sandbox);
    const inner = sandboxToolRunner(sandbox);
    const outcomes: (ToolResult & { code: string })[] = [];
    const runner: ToolRunner = async (code) => {
      const result = await (armed ? inner : early)(code);
      outcomes.push({ ...result, code });
      return result;
    };
    const config = makeConfig('tiny', { seed: 11, proxy: { temperature: 1.5 } });
    const models = modelsFromCheckpoint(new Uint8Array(readFileSync(BASE_CHECKPOINT)));
    try {
      const engine = new Engine(config, models, runner, 'wasm');
      const records = [await engine.step(), await engine.step()]; // questioner rollouts, contracts
      const fromProxy = outcomes.length;
      armed = true;
      records.push(...(await engine.runIteration()));
      expect(records.at(-1)?.phase).toBe('evaluation');
      outcomes.splice(0, fromProxy);

      expect(outcomes.length).toBeGreaterThan(KILL_AT_RUN);
      // Every call of the killed program (copies handed over with it share its run) failed, and only those.
      const failed = outcomes.filter((o) => !o.ok);
      const copies = outcomes.filter((o) => o.code === doomedCode).length;
      expect(copies).toBeGreaterThan(0);
      expect(failed).toHaveLength(copies);
      for (const f of failed) {
        expect(f.code).toBe(doomedCode);
        expect(f.observation).toMatch(/the Python sandbox worker died/);
      }
      expect(spawned).toBe(2);

      // The kill fell in the solver-proxy phase: its candidates marked, one per failed call.
      const proxy = records.find((r) => r.phase === 'solver-proxy');
      if (proxy?.phase !== 'solver-proxy') throw new Error('no solver-proxy record');
      expect(proxy.results.reduce((s, r) => s + r.failedCalls, 0)).toBe(failed.length);
    } finally {
      Object.values(models).forEach((m) => m.dispose());
      await sandbox.dispose();
    }
  }, 180_000);
});
