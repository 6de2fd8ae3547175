/** What every phase works with: settings, the two models and their frozen references, the tool. */
import type { Agent0Config } from '../../core/config';
import type { Rng } from '../../core/random';
import type { TinyLM } from '../../model/model';

/** Runs one program; `ok` is false when the sandbox failed (crash, timeout), not when Python raised. */
export type ToolRunner = (code: string) => Promise<{ observation: string; ok: boolean; timedOut: boolean }>;

export interface EngineContext {
  config: Agent0Config;
  questioner: TinyLM;
  executor: TinyLM;
  /** Start-of-iteration copies: the KL reference of each role. */
  questionerRef: TinyLM;
  executorRef: TinyLM;
  runTool: ToolRunner;
  rng: Rng;
  backend: string;
  /** Called during long phases with done/total counts (what is counted: `ProgressKind`). */
  progress?: ProgressReport;
}

/**
 * What a long phase counts as it goes: `writing` — sequences of this generation turn that have
 * stopped, of those writing in it; `tool calls` — programs run, of the programs written so far;
 * `update steps` — mini-batch updates done, of the update's `updatesPerStep` (or fewer sequences).
 */
export type ProgressKind = 'writing' | 'tool calls' | 'update steps';

export type ProgressReport = (kind: ProgressKind, done: number, total: number) => void;

/** Tokens a solver needs after the question to answer (a short program, its output, the box). */
export const ANSWER_ROOM = 32;

/** Whether a question leaves the solver room to answer within the context. */
export function questionFits(ctx: EngineContext, solverPrompt: string): boolean {
  return ctx.executor.tokenizer.encode(solverPrompt).length <= ctx.executor.config.contextLength - ANSWER_ROOM;
}

/** Token budget of one generated turn: what is left of the context after a typical prompt. */
export function turnBudget(ctx: EngineContext, promptLength: number): number {
  return Math.max(1, ctx.questioner.config.contextLength - promptLength - 1);
}
