/**
 * Multi-turn tool-solver rollouts (docs/algorithms.md §2.1): each turn generates until end of text
 * or the closing fence of a code block; when the turn holds a closed ```python block, the
 * environment runs it and appends "\n```output\n<result>\n```\n" (formatObservation); up to
 * `maxToolTurns` tool calls, then one last turn. Observation tokens are marked so the loss can mask
 * them out. Characters outside printable ASCII in tool output become '?' (the tokenizer has no
 * others).
 */
import { CLOSE_FENCE, extractToolCall, formatObservation } from '../core/contracts';
import type { Rng } from '../core/random';
import type { SamplingOptions } from './sampling';
import type { StopReason } from './generate';
import type { TinyLM } from './model';

export interface ToolRolloutOptions extends SamplingOptions {
  /** Runs one program of sequence `b` and returns what the observation shows (stdout, else the error text). */
  execute: (code: string, b: number) => Promise<string>;
  maxToolTurns: number;
  /** Token limit of each turn. */
  maxNewTokens: number;
  /** Characters of tool output kept (the tail). Default 512. */
  maxObservationChars?: number;
  /** Told after each generation round of a turn (see `TurnOptions.onRound`). */
  onRound?: (stopped: number, writing: number) => void;
}

export interface ToolRollout {
  /** Prompt, completion and observations. */
  tokens: number[];
  promptLength: number;
  /** Per token of `tokens`: 1 = written by the model after the prompt, 0 = prompt or observation. */
  modelMask: number[];
  /** Completion text (everything after the prompt, observations included). */
  text: string;
  toolCalls: number;
  stop: StopReason;
}

/** Roll out every prompt (token ids) as a tool solver; one batched generation for all. */
export async function toolRollouts(
  model: TinyLM,
  prompts: readonly (readonly number[])[],
  opts: ToolRolloutOptions,
  seed: number | Rng,
): Promise<ToolRollout[]> {
  const g = model.startGeneration(prompts, seed);
  const ctx = model.config.contextLength;
  const masks = prompts.map((p) => p.map(() => 0));
  const calls = prompts.map(() => 0);
  const stops: StopReason[] = prompts.map(() => 'eos');
  try {
    for (let turn = 0; turn <= opts.maxToolTurns; turn++) {
      const outputs = await g.turn({ ...opts, stopStrings: [CLOSE_FENCE] });
      const pending: Promise<void>[] = [];
      outputs.forEach((out, b) => {
        if (!out) return;
        (masks[b] as number[]).push(...out.tokens.map(() => 1));
        stops[b] = out.stop;
        const code = out.stop === 'stop-string' ? extractToolCall(out.text) : null;
        if (code === null || turn === opts.maxToolTurns) return;
        pending.push(
          opts.execute(code, b).then((result) => {
            const printable = result.replace(/[^\x20-\x7e\n]/g, '?');
            const obs = model.tokenizer.encode(formatObservation(printable, opts.maxObservationChars));
            if (g.tokens(b).length + obs.length >= ctx) {
              stops[b] = 'context';
              return;
            }
            calls[b] = (calls[b] as number) + 1;
            g.append(b, obs);
            (masks[b] as number[]).push(...obs.map(() => 0));
          }),
        );
      });
      if (pending.length === 0) break;
      await Promise.all(pending);
    }
    return prompts.map((p, b) => {
      const tokens = g.tokens(b);
      return {
        tokens,
        promptLength: p.length,
        modelMask: masks[b] as number[],
        text: model.tokenizer.decode(tokens.slice(p.length)),
        toolCalls: calls[b] as number,
        stop: stops[b] as StopReason,
      };
    });
  } finally {
    g.dispose();
  }
}
