/**
 * One real Node sandbox per test file (Pyodide boots in seconds): booted before the file's tests,
 * disposed after them; `run` executes code with a time limit.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { createNodeSandbox } from '../../../src/sandbox/node.ts';
import type { RunResult, Sandbox } from '../../../src/sandbox/types.ts';

export function useNodeSandbox(): {
  run: (code: string, timeoutMs?: number) => Promise<RunResult>;
  sandbox: () => Sandbox;
} {
  vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
  let sandbox: Sandbox;
  const run = (code: string, timeoutMs = 5_000): Promise<RunResult> => sandbox.run(code, { timeoutMs });
  beforeAll(async () => {
    sandbox = createNodeSandbox();
    await run('pass');
  });
  afterAll(() => sandbox.dispose());
  return { run, sandbox: () => sandbox };
}
