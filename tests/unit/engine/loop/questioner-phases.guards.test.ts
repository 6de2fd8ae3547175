/** Bad input during training: a non-finite loss never reaches the weights; a broken sandbox marks one candidate. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random';
import { makeConfig } from '../../../../src/core/config';
import { Engine } from '../../../../src/engine/loop/engine';
import { policyUpdate } from '../../../../src/rl/policy-update';
import { parseRollouts } from '../../../../src/engine/loop/questioner-phases';
import { modelsFromCheckpoint } from '../../../../src/engine/loop/models';
import { BASE_CHECKPOINT } from '../../../../src/engine/node';
import type { ToolRunner } from '../../../../src/engine/loop/context';
import { readFileSync } from 'node:fs';
import { tinyModel, tokenizer, useBackend } from '../../model/fixtures';

describe('a non-finite loss', () => {
  it('skips the update and keeps the weights and the optimizer untouched', async () => {
    await useBackend('wasm');
    const model = tinyModel(1);
    const reference = tinyModel(1);
    const seq = tokenizer.encode('<question>What is 1 + 2 ?</question>');
    const before = await Promise.all(model.params.all.map(async (v) => Array.from(await v.data())));
    const result = await policyUpdate(
      model,
      reference,
      {
        sequences: [seq, seq],
        lossMask: [seq.map((_, t) => (t > 0 ? 1 : 0)), seq.map((_, t) => (t > 0 ? 1 : 0))],
        advantages: [NaN, 1],
        epsHigh: [0.3, 0.3],
      },
      { ...makeConfig('tiny').questioner, updatesPerStep: 1 },
      'token-mean',
      new Rng(1),
    );
    expect(result.updates).toHaveLength(1);
    expect(result.updates[0]?.skipped).toMatch(/not finite/);
    const after = await Promise.all(model.params.all.map(async (v) => Array.from(await v.data())));
    expect(after).toEqual(before);
    expect((await model.optimizer.exportState()).step).toBe(0);
    model.dispose();
    reference.dispose();
  });
});

describe('a failing sandbox', () => {
  it('marks the candidates whose calls failed and finishes the iteration', async () => {
    await useBackend('wasm');
    let calls = 0;
    const flaky: ToolRunner = async () => {
      calls++;
      return calls % 2 === 1
        ? { observation: 'Sandbox error: the worker crashed', ok: false, timedOut: false }
        : { observation: 'TimeoutError: the code ran longer than 3000 ms and was stopped', ok: false, timedOut: true };
    };
    // Sixteen curriculum samples, so that some are step problems, on which the base's proxy calls its tool.
    const config = makeConfig('tiny', {
      seed: 12,
      questioner: { prompts: 4, rolloutsPerPrompt: 4 },
      proxy: { temperature: 1.5 },
    });
    const models = modelsFromCheckpoint(new Uint8Array(readFileSync(BASE_CHECKPOINT)));
    const engine = new Engine(config, models, flaky, 'wasm');
    // Phases 1–2 (the questioner may run programs while it writes), then the proxy on its own.
    const records = [await engine.step(), await engine.step()];
    const before = calls;
    records.push(await engine.step());
    const proxyCalls = calls - before;
    records.push(...(await engine.runIteration()));
    expect(records.at(-1)?.phase).toBe('evaluation');
    const proxy = records.find((r) => r.phase === 'solver-proxy');
    if (proxy?.phase !== 'solver-proxy') throw new Error('no solver-proxy record');
    const failed = proxy.results.reduce((s, r) => s + r.failedCalls, 0);
    const executed = proxy.results.flatMap((r) => r.toolCalls).reduce((a, b) => a + b, 0);
    // Every call of the proxy failed, and each is marked on its candidate; a failed call whose
    // observation did not fit the context ends the rollout uncounted as an executed call.
    expect(proxyCalls).toBeGreaterThan(0);
    expect(failed).toBe(proxyCalls);
    expect(executed).toBeLessThanOrEqual(failed);
    Object.values(models).forEach((m) => m.dispose());
  }, 120_000);
});

describe('a question too long for the solver', () => {
  it('counts as a contract violation', async () => {
    await useBackend('wasm');
    const executor = tinyModel(2, { contextLength: 64 });
    const ctx = { config: makeConfig('tiny'), executor } as unknown as Parameters<typeof parseRollouts>[0];
    const long = Array.from({ length: 40 }, () => 'What').join(' ');
    const rollouts = parseRollouts(ctx, {
      sequences: [],
      lossMask: [],
      toolCalls: [0, 0],
      groups: [0, 0],
      texts: ['<question>What is 1 + 2 ?</question>\\boxed{3}', `<question>${long}</question>\\boxed{3}`],
    });
    expect(rollouts.map((r) => r.question)).toEqual(['What is 1 + 2 ?', null]);
    executor.dispose();
  });
});

describe('a questioner sample that ran no program', () => {
  it('counts as a contract violation where proxy.uncheckedAnswer is violation, and is scored where it is scored', async () => {
    await useBackend('wasm');
    const executor = tinyModel(2, { contextLength: 64 });
    const batch = {
      sequences: [],
      lossMask: [],
      // The first ran one program (its output block is in the text), the second none.
      toolCalls: [1, 0],
      groups: [0, 0],
      texts: [
        '<question>What is 1 + 2 ?</question>\n```python\nprint(1 + 2)\n```\n```output\n3\n```\n\\boxed{3}',
        '<question>What is 4 + 4 ?</question>\\boxed{8}',
      ],
    };
    const parse = (config: ReturnType<typeof makeConfig>) =>
      parseRollouts({ config, executor } as unknown as Parameters<typeof parseRollouts>[0], batch).map(
        (r) => r.question,
      );
    expect(makeConfig('classroom').proxy.uncheckedAnswer).toBe('violation');
    expect(parse(makeConfig('classroom'))).toEqual(['What is 1 + 2 ?', null]);
    expect(parse(makeConfig('classroom', { proxy: { uncheckedAnswer: 'scored' } }))).toEqual([
      'What is 1 + 2 ?',
      'What is 4 + 4 ?',
    ]);
    expect(parse(makeConfig('tiny'))).toEqual(['What is 1 + 2 ?', 'What is 4 + 4 ?']);
    executor.dispose();
  });
});

describe('a questioner sample whose question the oracle cannot read', () => {
  it('counts as a contract violation where proxy.unreadableQuestion is violation, and is scored where it is scored', async () => {
    await useBackend('wasm');
    const executor = tinyModel(2, { contextLength: 64 });
    const ran = '\n```python\nprint(0)\n```\n```output\n0\n```\n';
    const batch = {
      sequences: [],
      lossMask: [],
      toolCalls: [1, 1, 1],
      groups: [0, 0, 0],
      // Readable: 27 = 3 * 9 by hand, and the step problem's x = 2 + 3 = 5, 5 * 4 = 20. Unreadable: x
      // is never defined (what the questioner wrote when it left the family, docs/experiments.md).
      texts: [
        `<question>What is 3 * 9 ?</question>${ran}\\boxed{27}`,
        `<question>Let x = 2 + 3 . What is x * 4 ?</question>${ran}\\boxed{20}`,
        `<question>Let x0 + 27 + 33 - 29 .</question>${ran}\\boxed{14}`,
      ],
    };
    const parse = (config: ReturnType<typeof makeConfig>) =>
      parseRollouts({ config, executor } as unknown as Parameters<typeof parseRollouts>[0], batch).map((r) => [
        r.question,
        r.trueAnswer,
      ]);
    expect(makeConfig('classroom').proxy.unreadableQuestion).toBe('violation');
    expect(parse(makeConfig('classroom'))).toEqual([
      ['What is 3 * 9 ?', '27'],
      ['Let x = 2 + 3 . What is x * 4 ?', '20'],
      [null, null],
    ]);
    expect(parse(makeConfig('classroom', { proxy: { unreadableQuestion: 'scored' } }))[2]).toEqual([
      'Let x0 + 27 + 33 - 29 .',
      null,
    ]);
    expect(parse(makeConfig('faithful'))[2]?.[0]).toBe('Let x0 + 27 + 33 - 29 .');
    executor.dispose();
  });
});
