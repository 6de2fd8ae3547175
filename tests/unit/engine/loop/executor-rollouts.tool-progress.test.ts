/**
 * The progress a tool phase reports (issue 25: the header read "tool calls: 72/0"): programs run of
 * the programs the model has written so far, counted here independently from the calls the tool
 * runner receives and answers; and, while the model writes, the sequences of the turn that have
 * stopped, of those writing in it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { toolSolverPrompt } from '../../../../src/core/contracts';
import { Rng } from '../../../../src/core/random';
import type { EngineContext, ProgressKind } from '../../../../src/engine/loop/context';
import { modelToolRollouts } from '../../../../src/engine/loop/executor-rollouts';
import { TinyLM } from '../../../../src/model/model';
import { tokenizer, useBackend } from '../../model/fixtures';

describe('tool-call progress of a rollout phase', () => {
  let model: TinyLM;
  beforeAll(async () => {
    await useBackend('wasm');
    model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync('public/models/base.a0lm')), tokenizer);
  });

  it('reports programs run of programs written, ending at calls of calls', async () => {
    const events: [done: number, total: number][] = [];
    const writing: [done: number, total: number][] = [];
    let started = 0;
    let answered = 0;
    const ctx = {
      config: makeConfig('classroom'),
      questioner: model,
      executor: model,
      rng: new Rng(5),
      backend: 'wasm',
      runTool: async () => {
        started += 1;
        await Promise.resolve();
        answered += 1;
        return { observation: 'RESULT 42', ok: true, timedOut: false };
      },
      progress: (kind: ProgressKind, done: number, total: number) =>
        (kind === 'tool calls' ? events : writing).push([done, total]),
    } as unknown as EngineContext;
    // Two step problems (levels 2–3), on which the base's tool solver calls its tool, and two level-1
    // sums it answers in its head, so a later turn holds fewer writers than the first.
    const prompts = [
      'Let x = 4 + 5 . What is x * 3 ?',
      'What is 3 + 4 ?',
      'Let x = 12 - 7 . What is x + 9 ?',
      'Evaluate 8 - 2 .',
    ]
      .flatMap((q) => [q, q])
      .map(toolSolverPrompt);
    await modelToolRollouts(ctx, model, prompts, {
      temperature: 1,
      topP: 1,
      maxToolTurns: 2,
      maxObservationChars: 64,
    });
    expect(started).toBeGreaterThan(0);
    expect(answered).toBe(started);
    // Never a zero denominator, never more run than written, and the last report is every call.
    expect(events.every(([done, total]) => total > 0 && done <= total)).toBe(true);
    expect(events.at(-1)).toEqual([started, started]);
    // One report as each program is handed over and one as it finishes.
    expect(events).toHaveLength(2 * started);
    // The first turn: all 8 sequences write. Each turn's reports end when all its writers stopped;
    // a later turn holds only the sequences whose program ran (at most one per program).
    expect(writing[0]?.[1]).toBe(8);
    expect(writing.every(([done, total]) => total > 0 && done <= total)).toBe(true);
    const turnEnds = writing.filter(([done, total], i) => done === total && writing[i + 1]?.[1] !== total);
    expect(turnEnds.length).toBeGreaterThan(1);
    expect(writing.at(-1)?.[0]).toBe(writing.at(-1)?.[1]);
    expect(writing.slice(1).every(([, total], i) => total === writing[i]?.[1] || total <= started)).toBe(true);
  });
});
