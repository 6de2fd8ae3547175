/**
 * Bench section `sandbox`: the Node Python sandbox's cold start, per-call latency over a few
 * hundred typical tool calls, throughput, and how long a timed-out call takes to recover from
 * (interrupt-stopped loop; watchdog-killed sleep, which includes respawning the worker).
 */
import { createNodeSandbox } from '../../src/sandbox/node.ts';

export const name = 'sandbox';

const CALLS = 300;
const SNIPPETS = [
  'print(sum(range(10)))',
  'from fractions import Fraction\nprint(Fraction(3, 4) + Fraction(1, 6))',
  'import math\nprint(math.comb(20, 10), math.isqrt(10**12))',
  'print([n for n in range(2, 60) if all(n % d for d in range(2, n))])',
  '1 / 0',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

const round = (x: number): number => Math.round(x * 10) / 10;

/** Measures the sandbox and returns its figures (milliseconds unless named otherwise). */
export async function run(): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const sandbox = createNodeSandbox();
  try {
    await sandbox.run('pass', { timeoutMs: 10_000 });
    const coldStartMs = performance.now() - t0;

    const latencies: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await sandbox.run(SNIPPETS[i % SNIPPETS.length] ?? 'pass', { timeoutMs: 5_000 });
      latencies.push(performance.now() - start);
    }
    const elapsed = performance.now() - t1;
    latencies.sort((a, b) => a - b);

    const t2 = performance.now();
    await sandbox.run('while True: pass', { timeoutMs: 500 });
    await sandbox.run('pass', { timeoutMs: 5_000 });
    const timeoutRecoveryMs = performance.now() - t2 - 500;

    const t3 = performance.now();
    await sandbox.run('import time\ntime.sleep(60)', { timeoutMs: 500 });
    await sandbox.run('pass', { timeoutMs: 10_000 });
    const killRecoveryMs = performance.now() - t3 - 500;

    return {
      coldStartMs: round(coldStartMs),
      calls: CALLS,
      meanCallMs: round(latencies.reduce((a, b) => a + b, 0) / CALLS),
      p50CallMs: round(percentile(latencies, 0.5)),
      p95CallMs: round(percentile(latencies, 0.95)),
      callsPerSecond: round((CALLS / elapsed) * 1000),
      timeoutRecoveryMs: round(timeoutRecoveryMs),
      killRecoveryMs: round(killRecoveryMs),
    };
  } finally {
    await sandbox.dispose();
  }
}
