/**
 * The paper's columns of Table 5 (`npm run coevolution -- --questions N`): fresh questions written by
 * one iteration's questioner, as the pool phase writes them. The same questioner and iteration give
 * the same questions; another iteration draws others; only contract-valid questions come back, at
 * most N; the run's settings are left as they were.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { parseQuestioner } from '../../../../src/core/contracts';
import { freshQuestions } from '../../../../src/engine/studies/coevolution';
import type { ToolRunner } from '../../../../src/engine/loop/context';
import { TinyLM } from '../../../../src/model/model';
import { tokenizer, useBackend } from '../../model/fixtures';

const runTool: ToolRunner = async () => ({ observation: 'RESULT 12', ok: true, timedOut: false });

describe('fresh questions of an iteration', () => {
  let model: TinyLM;
  beforeAll(async () => {
    await useBackend('wasm');
    model = TinyLM.fromCheckpoint(new Uint8Array(readFileSync('public/models/base.a0lm')), tokenizer);
  });

  it('are the same for the same questioner and iteration, others for another iteration', async () => {
    const config = makeConfig('classroom');
    const first = await freshQuestions(model, 1, 12, config, runTool);
    const again = await freshQuestions(model, 1, 12, config, runTool);
    const other = await freshQuestions(model, 2, 12, config, runTool);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    for (const questions of [first, other]) {
      expect(questions.length).toBeGreaterThan(0);
      expect(questions.length).toBeLessThanOrEqual(12);
      // Each is a question the contract accepts when written in its tags with a boxed answer.
      for (const q of questions) expect(parseQuestioner(`<question>${q}</question>\n\\boxed{1}`)?.question, q).toBe(q);
    }
    expect(config.pool.questions).toBe(32);
  });
});
