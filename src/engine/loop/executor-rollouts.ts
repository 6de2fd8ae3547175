/**
 * Rollouts with the Python tool for the engine (the executor's, and the tool-equipped questioner's):
 * text prompts in, transcripts out, with each candidate's sandbox failures counted (a failed call
 * marks the candidate, never the batch).
 */
import { type EngineContext, turnBudget } from './context';
import type { TinyLM } from '../../model/model';
import { type ToolRollout, toolRollouts } from '../../model/tool-rollout';

export interface EngineToolRollout extends ToolRollout {
  /** Tool calls of this rollout that the sandbox could not complete (crash, timeout). */
  failedCalls: number;
}

export interface ToolSampling {
  temperature: number;
  topP: number;
  topK?: number;
  maxToolTurns: number;
  maxObservationChars: number;
}

/** One batched multi-turn generation over all prompts with the current executor. */
export function executorToolRollouts(
  ctx: EngineContext,
  prompts: string[],
  sampling: ToolSampling,
): Promise<EngineToolRollout[]> {
  return modelToolRollouts(ctx, ctx.executor, prompts, sampling);
}

/** One batched multi-turn generation over all prompts with `model` (either role). */
export async function modelToolRollouts(
  ctx: EngineContext,
  model: TinyLM,
  prompts: string[],
  sampling: ToolSampling,
): Promise<EngineToolRollout[]> {
  if (prompts.length === 0) return [];
  const tok = model.tokenizer;
  const ids = prompts.map((p) => tok.encode(p));
  const longest = Math.max(...ids.map((p) => p.length));
  const failed = prompts.map(() => 0);
  // Progress: programs run of the programs the model has written so far. A turn's programs are all
  // handed over (the synchronous start of `execute`) before the first of them finishes, so the
  // total is every program of the turns begun, never a guess about the turns to come.
  let written = 0;
  let done = 0;
  const rollouts = await toolRollouts(
    model,
    ids,
    {
      temperature: sampling.temperature,
      topP: sampling.topP,
      ...(sampling.topK ? { topK: sampling.topK } : {}),
      maxToolTurns: sampling.maxToolTurns,
      maxObservationChars: sampling.maxObservationChars,
      maxNewTokens: turnBudget(ctx, longest),
      onRound: (stopped, writing) => ctx.progress?.('writing', stopped, writing),
      execute: async (code, b) => {
        ctx.progress?.('tool calls', done, ++written);
        const result = await ctx.runTool(code);
        if (!result.ok) failed[b] = (failed[b] as number) + 1;
        ctx.progress?.('tool calls', ++done, written);
        return result.observation;
      },
    },
    ctx.rng.fork(),
  );
  return rollouts.map((r, b) => ({ ...r, failedCalls: failed[b] as number }));
}
