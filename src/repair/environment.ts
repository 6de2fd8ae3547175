/**
 * The repair environment on a sandbox: compile checks, runs and the judge, each one sandbox call,
 * cached by snippet text (the answers are deterministic). A time-out or a dead sandbox becomes an
 * EnvironmentFailure, which ends the episode as an environment failure.
 */
import type { Sandbox } from '../sandbox/types';
import type { RepairTask } from '../core/repair/tasks';
import {
  checkProgram,
  judgeProgram,
  observationFromOutput,
  runProgram,
  verdictFromOutput,
  type JudgeResult,
} from './programs';

export class EnvironmentFailure extends Error {
  constructor(
    readonly kind: 'sandbox-crash' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

export interface CheckResult {
  compiles: boolean;
  observation: string;
}

export const snippetSource = (lines: readonly string[]): string => lines.join('\n') + '\n';

export class RepairEnvironment {
  private readonly checks = new Map<string, CheckResult>();
  private readonly runs = new Map<string, string>();
  private readonly verdicts = new Map<string, JudgeResult>();
  /** Sandbox calls made (cache misses). */
  calls = 0;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly timeoutMs: number,
  ) {}

  private async call(code: string): Promise<string> {
    this.calls++;
    let result;
    try {
      result = await this.sandbox.run(code, { timeoutMs: this.timeoutMs });
    } catch (err) {
      throw new EnvironmentFailure('sandbox-crash', `the sandbox failed: ${String(err)}`);
    }
    if (result.timedOut) throw new EnvironmentFailure('timeout', `a sandbox call ran past ${this.timeoutMs} ms`);
    if (result.error)
      throw new EnvironmentFailure(
        'sandbox-crash',
        `the environment's own program failed: ${result.error.slice(0, 200)}`,
      );
    return result.stdout;
  }

  /** Whether the snippet compiles, and the check's observation ("ok" or "SyntaxError line N"). */
  async check(lines: readonly string[]): Promise<CheckResult> {
    const src = snippetSource(lines);
    const hit = this.checks.get(src);
    if (hit) return hit;
    const observation = observationFromOutput(await this.call(checkProgram(src)));
    const r = { compiles: observation === 'ok', observation };
    this.checks.set(src, r);
    return r;
  }

  /** The run's observation ("ok", "AssertionError", "NameError c", "SyntaxError line N", …). */
  async run(lines: readonly string[]): Promise<string> {
    const src = snippetSource(lines);
    const hit = this.runs.get(src);
    if (hit !== undefined) return hit;
    const observation = observationFromOutput(await this.call(runProgram(src)));
    this.runs.set(src, observation);
    return observation;
  }

  /**
   * The judge's verdict on a final snippet against the task's ground truth and inputs: `raises`
   * (with the exception class) when the snippet's own module level fails, such as its assert.
   */
  async judge(task: RepairTask, lines: readonly string[]): Promise<JudgeResult> {
    // The program holds everything the verdict depends on (candidate, truth, name, inputs): it is the key.
    const program = judgeProgram(snippetSource(lines), snippetSource(task.fixed), task.fname, task.inputs);
    const hit = this.verdicts.get(program);
    if (hit) return hit;
    const verdict = verdictFromOutput(await this.call(program));
    this.verdicts.set(program, verdict);
    return verdict;
  }

  /** Forget cached answers (bounded memory between iterations). */
  clear(): void {
    this.checks.clear();
    this.runs.clear();
    this.verdicts.clear();
  }
}
