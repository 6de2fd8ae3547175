/**
 * The held-out set of forced decoding (model/forced-decoding.ts): solver prompts with the answers
 * the pre-training corpus teaches (pretrain/corpus.ts: the plain solver's short reasoning, or the
 * tool solver's programs with their outputs, then the boxed answer), `FORCED_SET_SIZE` tasks, every
 * difficulty in turn, drawn with `FORCED_SET_SEED`, a seed `npm run pretrain` does not use (its
 * corpus draws from its own, 20251 by default): other draws than the corpus's, though in a task
 * space this small some questions may coincide with documents it trained on.
 */
import { solverPrompt, toolSolverPrompt } from '../../core/contracts';
import { Rng } from '../../core/random';
import { DIFFICULTIES, generateTask } from '../../core/tasks';
import type { Tokenizer } from '../../core/tokenizer';
import { type ForcedSequence, forcedTop1 } from '../forced-decoding';
import type { TinyLM } from '../model';
import { reasoningCompletion, toolCompletion } from '../pretrain/corpus';

export const FORCED_SET_SIZE = 32;
export const FORCED_SET_SEED = 6200;

/** `size` prompts and answers: even-numbered ones the tool solver's, odd ones the plain solver's. */
export function forcedSet(tokenizer: Tokenizer, size = FORCED_SET_SIZE, seed = FORCED_SET_SEED): ForcedSequence[] {
  const rng = new Rng(seed);
  return Array.from({ length: size }, (_, i) => {
    const task = generateTask(rng, DIFFICULTIES[i % DIFFICULTIES.length] as (typeof DIFFICULTIES)[number]);
    const tool = i % 2 === 0;
    const prompt = tokenizer.encode(tool ? toolSolverPrompt(task.question) : solverPrompt(task.question));
    const answer = tokenizer.encode(tool ? toolCompletion(task) : reasoningCompletion(task));
    return { tokens: [...prompt, ...answer], from: prompt.length };
  });
}

/** `model`'s top-1 tokens over the held-out set (forcedTop1 on `forcedSet`), and the true answer tokens. */
export async function heldOutTop1(model: TinyLM): Promise<{ top1: number[][]; answers: number[][] }> {
  const set = forcedSet(model.tokenizer);
  const top1 = await forcedTop1(model.params, model.config, model.tokenizer.padId, set);
  return { top1, answers: set.map((s, i) => s.tokens.slice(s.from, s.from + (top1[i] as number[]).length)) };
}
