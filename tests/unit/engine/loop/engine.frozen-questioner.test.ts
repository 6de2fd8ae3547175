/**
 * `questioner.train=false`, Agent0's Table 3 ablation "without curriculum training": one tiny
 * iteration runs and scores every curriculum phase, the questioner's weights come out byte for byte
 * as they went in, and the executor still trains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine, type NodeEngine } from '../../../../src/engine/node';
import { quickIterationConfig } from './quick-iteration';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';

const config = quickIterationConfig(3, ['questioner.train=false']);
let run: NodeEngine;
let records: PhaseRecord[];
let before: { questioner: Uint8Array; executor: Uint8Array };
let after: { questioner: Uint8Array; executor: Uint8Array };

beforeAll(async () => {
  run = await createNodeEngine(config);
  const { questioner, executor } = run.engine.models;
  before = { questioner: await questioner.save(), executor: await executor.save() };
  records = await run.engine.runIteration();
  after = { questioner: await questioner.save(), executor: await executor.save() };
}, 120_000);

afterAll(async () => {
  await run?.dispose();
});

describe('a run without curriculum training', () => {
  it('keeps the questioner exactly as it was and trains the executor', () => {
    expect(Buffer.from(after.questioner).equals(Buffer.from(before.questioner))).toBe(true);
    expect(Buffer.from(after.executor).equals(Buffer.from(before.executor))).toBe(false);
  });

  it('still scores the questions and shows their advantages, with no optimizer update', () => {
    const rec = records.find((r) => r.phase === 'questioner-update');
    if (rec?.phase !== 'questioner-update') throw new Error('no questioner update record');
    expect(rec.stats.updates).toEqual([]);
    expect(rec.stats.schedule?.updates).toBe(0);
    // 2 prompts × 2 rollouts: two groups of two, each with its advantages.
    expect(rec.stats.groups.map((g) => g.advantages.length)).toEqual([2, 2]);
    for (const t of Object.values(rec.stats.tokens)) expect(new Set(t.ratio)).toEqual(new Set([1]));
  });
});
