/**
 * The engine's tool port over the sandbox host (src/engine/loop/tool-runner.ts), with scripted workers:
 * a worker that dies while the call runs is one failed call; a worker that never starts (it throws
 * while loading, or fails to boot) is a `sandbox-failed` problem that stops the phase, worded in
 * English and in Korean, instead of a phase that waits on it. Copies of a program handed over
 * while it runs share its run; one handed over after it ended runs again.
 */
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../../src/core/problem-error';
import { formatReport } from '../../../../src/core/problems';
import { PROBLEMS_EN } from '../../../../src/core/problems-en';
import { announceFirstCall, sandboxToolRunner, sharedRuns } from '../../../../src/engine/loop/tool-runner';
import { createHostedSandbox, type WorkerHandle } from '../../../../src/sandbox/host';
import type { FromWorker, ToWorker } from '../../../../src/sandbox/types';
import { PROBLEMS_KO } from '../../../../src/ui/text/problems-ko';

/** Workers whose every message gets `answer`'s reply, or that die as `answer` says. */
function workers(answer: (message: ToWorker) => FromWorker | { die: string }): () => WorkerHandle {
  return () => {
    let onMessage: (message: FromWorker) => void = () => {};
    let onDeath: (reason: string) => void = () => {};
    return {
      post: (message) => {
        const reply = answer(message);
        queueMicrotask(() => ('die' in reply ? onDeath(reply.die) : onMessage(reply)));
      },
      listen(message, death) {
        onMessage = message;
        onDeath = death;
      },
      hold: () => {},
      terminate: () => {},
    };
  };
}

async function problemOf(run: Promise<unknown>): Promise<ProblemError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProblemError);
  return err as ProblemError;
}

describe('the tool runner', () => {
  it('stops the phase with a sandbox-failed problem when the worker dies while loading', async () => {
    const sandbox = createHostedSandbox({
      spawn: workers(() => ({ die: 'Error: broken at load' })),
      indexURL: '/x/',
    });
    const err = await problemOf(sandboxToolRunner(sandbox)('print(1)'));
    expect(err.report.problems).toEqual([
      { kind: 'sandbox-failed', reason: 'the Python sandbox worker died: Error: broken at load' },
    ]);
    expect(err.message).toMatch(/^The Python sandbox could not start/);
    expect(formatReport(PROBLEMS_KO, err.report)).toMatch(/^파이썬 샌드박스를 시작하지 못해/);
    expect(formatReport(PROBLEMS_EN, err.report)).toContain('Error: broken at load');
    await sandbox.dispose();
  });

  it('stops the phase when the worker reports a failed boot', async () => {
    const sandbox = createHostedSandbox({
      spawn: workers((m) => (m.type === 'init' ? { type: 'boot-error', message: 'no wasm' } : { die: 'unexpected' })),
      indexURL: '/x/',
    });
    const err = await problemOf(sandboxToolRunner(sandbox)('print(1)'));
    expect(err.report.problems[0]).toEqual({
      kind: 'sandbox-failed',
      reason: 'the Python sandbox failed to start: no wasm',
    });
    await sandbox.dispose();
  });

  it('keeps a worker that dies during a call as one failed call', async () => {
    const sandbox = createHostedSandbox({
      spawn: workers((m) => (m.type === 'init' ? { type: 'ready' } : { die: 'killed' })),
      indexURL: '/x/',
    });
    const result = await sandboxToolRunner(sandbox)('print(1)');
    expect(result.ok).toBe(false);
    expect(result.observation).toMatch(/the Python sandbox worker died: killed/);
    await sandbox.dispose();
  });
});

describe('announceFirstCall', () => {
  it('says the first call once, before it runs, and passes every call through', async () => {
    const events: string[] = [];
    const runner = announceFirstCall(
      async (code) => {
        events.push(`run ${code}`);
        return { observation: code, ok: true, timedOut: false };
      },
      () => events.push('starting'),
    );
    const results = await Promise.all([runner('a'), runner('b')]);
    await runner('c');
    expect(events).toEqual(['starting', 'run a', 'run b', 'run c']);
    expect(results.map((r) => r.observation)).toEqual(['a', 'b']);
  });
});

describe('sharedRuns', () => {
  type Ending = 'ok' | 'timeout' | 'crash' | 'fail';
  /** A runner whose runs end when the test says: each run's code, and a way to end it. */
  function heldRunner(keep?: number) {
    const runs: { code: string; end: (how: Ending) => void }[] = [];
    const runner = sharedRuns(
      (code) =>
        new Promise((resolve, reject) => {
          const n = runs.length + 1;
          runs.push({
            code,
            end: (how) =>
              how === 'fail'
                ? reject(new Error(`${code} failed`))
                : resolve({ observation: `${code} #${n}`, ok: how === 'ok', timedOut: how === 'timeout' }),
          });
        }),
      keep,
    );
    return { runs, runner };
  }
  const codes = (runs: { code: string }[]) => runs.map((r) => r.code);

  it('runs copies once, whether handed over together or after the run ended', async () => {
    const { runs, runner } = heldRunner();
    const first = [runner('print(1)'), runner('print(2)'), runner('print(1)'), runner('print(1)')];
    expect(codes(runs)).toEqual(['print(1)', 'print(2)']);
    runs.forEach((r) => r.end('ok'));
    expect((await Promise.all(first)).map((r) => r.observation)).toEqual([
      'print(1) #1',
      'print(2) #2',
      'print(1) #1',
      'print(1) #1',
    ]);
    expect((await runner('print(1)')).observation).toBe('print(1) #1');
    expect(codes(runs)).toEqual(['print(1)', 'print(2)']);
  });

  it('fails every copy with their run, and runs the program afresh afterwards', async () => {
    const { runs, runner } = heldRunner();
    const copies = [runner('x'), runner('x')];
    runs[0]?.end('fail');
    for (const copy of copies) await expect(copy).rejects.toThrow('x failed');
    const again = runner('x');
    expect(runs).toHaveLength(2);
    runs[1]?.end('ok');
    expect((await again).observation).toBe('x #2');
  });

  it('does not keep a run that timed out or whose sandbox failed: the next copy runs again', async () => {
    const { runs, runner } = heldRunner();
    const slow = runner('while True: pass');
    const dead = runner('print(3)');
    runs[0]?.end('timeout');
    runs[1]?.end('crash');
    expect((await slow).timedOut).toBe(true);
    expect((await dead).ok).toBe(false);
    const again = [runner('while True: pass'), runner('print(3)')];
    expect(codes(runs)).toEqual(['while True: pass', 'print(3)', 'while True: pass', 'print(3)']);
    runs[2]?.end('ok');
    runs[3]?.end('ok');
    expect((await Promise.all(again)).map((r) => r.observation)).toEqual(['while True: pass #3', 'print(3) #4']);
  });

  it('keeps at most `keep` results, dropping the one handed over least recently', async () => {
    const { runs, runner } = heldRunner(2);
    const a = runner('a');
    const b = runner('b');
    runs.forEach((r) => r.end('ok'));
    await Promise.all([a, b]);
    // a handed over again: b is now the least recent, and c's run pushes it out.
    expect((await runner('a')).observation).toBe('a #1');
    const c = runner('c');
    runs[2]?.end('ok');
    await c;
    expect((await runner('a')).observation).toBe('a #1');
    const b2 = runner('b');
    expect(codes(runs)).toEqual(['a', 'b', 'c', 'b']);
    runs[3]?.end('ok');
    expect((await b2).observation).toBe('b #4');
  });
});
