/**
 * Every command-line entry point exits by itself once its work is done: run with tiny arguments,
 * each must end with status 0 (not killed at the bound) and print its JSON summary last.
 * `eval:base` once printed its results and then idled forever on a live Python worker.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Longest a tiny command may take here (Pyodide boots in ~6 s; tsx, tfjs WASM a few more). */
const BOUND_MS = 240_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run `npx tsx <script> <args>`; a command still running at the bound is killed (SIGKILL). */
function runCommand(script: string, args: string[]): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

const COMMANDS: [name: string, script: string, args: string[], jsonKey: string][] = [
  ['simulate', 'scripts/simulate.ts', ['--preset', 'tiny', '--iterations', '1', '--seed', '1', '--json'], 'iterations'],
  [
    'simulate:repair',
    'scripts/simulate-repair.ts',
    ['--ablation', 'full', '--iterations', '1', '--set', 'tasksPerIteration=1', '--set', 'evalTasks=2', '--json'],
    'variants',
  ],
  ['eval:base', 'scripts/eval-base.ts', ['--n', '2'], 'toolAccuracy'],
  ['eval:repair', 'scripts/eval-repair.ts', ['--tasks', '2', '--show', '0'], ''],
  ['bench (sandbox section)', 'scripts/bench/index.ts', ['sandbox'], 'sandbox'],
];

describe.sequential('command-line entry points exit on their own', () => {
  for (const [name, script, args, jsonKey] of COMMANDS) {
    it(
      `${name} exits 0 within ${BOUND_MS / 1000} s`,
      async () => {
        const exit = await runCommand(script, args);
        expect(exit.signal, `${name} was killed at the bound (still running):\n${exit.stderr.slice(-2000)}`).toBeNull();
        expect(exit.code, exit.stderr.slice(-2000)).toBe(0);
        if (jsonKey) expect(Object.keys(JSON.parse(lastLine(exit.stdout)) as object)).toContain(jsonKey);
      },
      BOUND_MS + 30_000,
    );
  }
});
