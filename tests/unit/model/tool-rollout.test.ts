import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatObservation } from '../../../src/core/contracts';
import { TinyLM } from '../../../src/model/model';
import { toolSolverPrompt } from '../../../src/core/contracts';
import { toolRollouts } from '../../../src/model/tool-rollout';
import { tokenizer, useBackend } from './fixtures';

describe('tool-solver rollouts with the shipped base model', () => {
  let model: TinyLM;
  beforeAll(async () => {
    await useBackend('wasm');
    model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync('public/models/base.a0lm')), tokenizer);
  });

  it('append each observation after a closed code block and mask exactly those tokens out', async () => {
    const calls: string[] = [];
    // Two step problems (levels 2–3), on which the base calls its tool, and two level-1 sums it answers in its head.
    const questions = [
      'Let x = 4 + 5 . What is x * 3 ?',
      'Evaluate 8 - 2 .',
      'Let x = 12 - 7 + 20 . What is x + 9 ?',
      'Find the value of 7 + 9 .',
    ];
    const prompts = Array.from({ length: 16 }, (_, i) =>
      tokenizer.encode(toolSolverPrompt(questions[i % 4] as string)),
    );
    const rollouts = await toolRollouts(
      model,
      prompts,
      {
        temperature: 1,
        maxNewTokens: 40,
        maxToolTurns: 2,
        execute: async (code) => {
          calls.push(code);
          return 'RESULT 42';
        },
      },
      3,
    );
    const observation = formatObservation('RESULT 42');
    expect(rollouts.reduce((n, r) => n + r.toolCalls, 0)).toBe(calls.length);
    expect(calls.length).toBeGreaterThan(0);
    // Every program prints what it computes, as the corpus's do (a step problem's second call sets x
    // first; given the fake observation here, the model copies it as best it can).
    expect(calls.every((c) => c.includes('print('))).toBe(true);
    for (const [b, r] of rollouts.entries()) {
      expect(r.tokens.slice(0, r.promptLength)).toEqual(prompts[b]);
      expect(r.modelMask).toHaveLength(r.tokens.length);
      expect(r.modelMask.slice(0, r.promptLength).every((m) => m === 0)).toBe(true);
      // Masked-out tokens after the prompt are exactly the observations, in order.
      const env = r.tokens.filter((_, j) => j >= r.promptLength && r.modelMask[j] === 0);
      expect(tokenizer.decode(env)).toBe(observation.repeat(r.toolCalls));
      expect(r.text.split('```output').length - 1).toBe(r.toolCalls);
      expect(tokenizer.decode(r.tokens.slice(r.promptLength))).toBe(r.text);
    }
  });
});
