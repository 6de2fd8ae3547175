import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import type { RecordOf } from '../../../../src/engine/loop/trace';
import { encodeUnipo, type UnipoRunLog, unipoRunLog } from '../../../../src/engine/files/unipo';
import { unipoProblems } from './unipo-schema';

const recorded = (name: string) => asRecordedRun(JSON.parse(readFileSync(`public/runs/${name}.json`, 'utf8')));
const classroom = recorded('classroom-seed1');
const released = recorded('compare-as-released');

describe('a run in UNIPO’s format', () => {
  const log = unipoRunLog(classroom);

  it('has every field UNIPO requires, of its type', () => {
    expect(unipoProblems(log)).toEqual([]);
    expect(unipoProblems(unipoRunLog(released))).toEqual([]);
  });

  it('the checker finds a missing objective, a missing token id and a token array of the wrong length', () => {
    const broken = JSON.parse(JSON.stringify(log)) as UnipoRunLog;
    delete (broken.entries[1] as { metrics: Record<string, number> }).metrics.policy_objective;
    const response = broken.entries[0]?.prompts?.[0]?.responses[0];
    if (!response) throw new Error('no sampled response');
    response.tokens.advantages.pop();
    // The checker names the token count, the length of the response's own id array.
    expect(unipoProblems(broken)).toEqual([
      `entries[0].prompts[0].responses[0].tokens.advantages: not one value per token (${response.tokens.ids.length})`,
      'entries[1].metrics.policy_objective: required number',
    ]);
  });

  it('has one entry per optimizer update of either role, the first of each batch marked (ρ ≡ 1 there)', () => {
    // classroom: 8 iterations, each 2 questioner batches (one per curriculum step) of 4 updates,
    // then 1 executor batch of 4 updates: 12 per iteration, 96 in all.
    expect(classroom.config.questioner.steps).toBe(2);
    expect(log.entries).toHaveLength(96);
    expect(log.header.totalSteps).toBe(96);
    expect(log.entries.map((e) => e.step)).toEqual([...Array(96).keys()]);
    const roles = log.entries.map((e) => e.metrics.is_executor_update);
    expect(roles.slice(0, 12)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    const firsts = log.entries.slice(0, 12).map((e) => e.is_first_step_after_rollout_phase);
    expect(firsts).toEqual([...Array(12).keys()].map((i) => i % 4 === 0));
    expect(log.entries[95]?.metrics.iteration).toBe(8);
    // As released the executor makes one update per batch: every one of its entries is a first step.
    // It makes none in an iteration whose curation kept no question (iterations 3 and 6 of this recording).
    const curated = released.trace.filter((r) => r.phase === 'curation' && r.kept > 0);
    expect(curated.map((r) => r.iteration)).toEqual([1, 2, 4, 5, 7, 8]);
    const grpo = unipoRunLog(released);
    expect(grpo.entries).toHaveLength(8 * 2 * 4 + curated.length);
    expect(grpo.entries.filter((e) => e.role === 'executor').every((e) => e.is_first_step_after_rollout_phase)).toBe(
      true,
    );
    expect(grpo.header.algorithm).toBe('agent0-grpo');
    expect(JSON.stringify(grpo)).not.toContain('adpo_');
  });

  it('takes the step metrics from the trace: objective = −pgLoss, reward = the batch’s mean reward', () => {
    const q = classroom.trace.find((r) => r.phase === 'questioner-update') as RecordOf<'questioner-update'>;
    const parts = classroom.trace.find((r) => r.phase === 'curriculum-reward') as RecordOf<'curriculum-reward'>;
    const e0 = log.entries[0];
    expect(e0?.metrics.policy_objective).toBe(-(q.stats.updates[0]?.pgLoss as number));
    expect(e0?.metrics.kl).toBe(q.stats.updates[0]?.kl);
    // The curriculum reward's totals, by hand: their mean over the 32 rollouts.
    const totals = parts.parts.map((p) => p.total);
    expect(totals).toHaveLength(32);
    expect(e0?.metrics.reward).toBeCloseTo(totals.reduce((a, b) => a + b, 0) / 32, 12);
    const x = classroom.trace.find((r) => r.phase === 'executor-update') as RecordOf<'executor-update'>;
    const wins = x.rollouts.filter((r) => r.reward === 1).length;
    // Executor rewards are ±1: mean = (wins − losses) / n.
    // The executor's batch follows the two questioner batches: entries 8–11.
    expect(log.entries[8]?.metrics.reward).toBeCloseTo((2 * wins - x.rollouts.length) / x.rollouts.length, 12);
    expect(log.entries[9]?.metrics.clip_fraction).toBeCloseTo(
      (x.stats?.updates[1]?.clipLowFrac ?? NaN) + (x.stats?.updates[1]?.clipHighFrac ?? NaN),
      12,
    );
  });

  it('keeps the sampled tokens as the trace holds them: one token’s advantage by hand, and no log-prob (not kept)', () => {
    const q = classroom.trace.find((r) => r.phase === 'questioner-update') as RecordOf<'questioner-update'>;
    const kept = q.stats.tokens[0];
    if (!kept) throw new Error('no token detail for sequence 0');
    const response = log.entries[0]?.prompts?.[0]?.responses[0];
    if (!response) throw new Error('no sampled response');
    // The questioner's prompt is its one role token; the response starts after it.
    expect(kept.pieces[0]).toBe('<|questioner|>');
    expect(log.entries[0]?.prompts?.[0]?.prompt).toBe('<|questioner|>');
    expect(response.tokens.strings).toEqual(kept.pieces.slice(1));
    // Token 3 of the response (the trace's token 4): its advantage is sequence 0's advantage in group
    // 0 (the group record, a second path to the same number), credited because the token is trained.
    expect(kept.mask[4]).toBe(1);
    expect(response.tokens.advantages[3]).toBe(q.stats.groups[0]?.advantages[0]);
    expect(response.tokens.advantages[0]).toBe(q.stats.groups[0]?.advantages[0]);
    expect(response.advantage).toBe(q.stats.groups[0]?.advantages[0]);
    expect(response.reward).toBe(q.stats.groups[0]?.rewards[0]);
    // Ids are vocabulary positions: special tokens first (pad 0, end of text 1, three role tokens),
    // then the contract markers (`<question>` 5, `</question>` 6).
    expect(response.tokens.strings[0]).toBe('<question>');
    expect(response.tokens.ids[0]).toBe(5);
    expect(response.tokens.ids.at(-1)).toBe(1);
    expect(response.tokens.ratio_in_own_mini_batch?.[3]).toBe(kept.ratio?.[4]);
    // The trace keeps no per-token log-probabilities, KL or objective: none is written.
    const tokens = response.tokens as unknown as Record<string, unknown>;
    for (const key of ['log_probs', 'old_log_probs', 'ref_log_probs', 'token_kl', 'token_objective'])
      expect(tokens[key]).toBeUndefined();
  });

  it('names ADPO’s per-question scale and upper clip, equal to g(s) and ε_high(s) by hand', () => {
    const e = log.entries[8];
    const first = e?.adpo_per_question?.[0];
    if (!first) throw new Error('no ADPO question');
    const s = first.self_consistency_score;
    // classroom settings: trust band [0.3, 0.8], m = 0.6; ε₀ = 0.2, Δ = 0.1, s_top = 0.8, span = 0.5.
    const w = Math.min(1, Math.max(0, (s - 0.3) / 0.5));
    expect(first.adpo_advantage_scale).toBeCloseTo(0.6 + 0.4 * w, 12);
    expect(first.adpo_eps_high).toBeCloseTo(0.2 + 0.1 * Math.min(1, Math.max(0, (0.8 - s) / 0.5)), 12);
    expect(log.entries[11]?.adpo_per_question).toEqual(e?.adpo_per_question);
    // The sampled prompt of question 0 carries its own numbers.
    const prompt = e?.prompts?.[0];
    expect(prompt?.prompt).toBe(`<|tool|>${first.question}\n`);
    expect(prompt?.adpo_eps_high).toBe(first.adpo_eps_high);
    expect(prompt?.responses).toHaveLength(8);
    expect(log.header.hparams.executor_adpo_trust_band).toEqual([0.3, 0.8]);
  });

  it('is written by the command line, after a run and from a recording', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unipo-'));
    const file = join(dir, 'tiny.json');
    const run = spawnSync(
      'npx',
      ['tsx', 'scripts/simulate.ts', '--preset', 'tiny', '--iterations', '1', '--unipo', file],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const tiny = JSON.parse(readFileSync(file, 'utf8')) as UnipoRunLog;
    expect(unipoProblems(tiny)).toEqual([]);
    const c = tiny.header.agent0_lab.config;
    expect(tiny.entries).toHaveLength(c.questioner.steps * c.questioner.updatesPerStep + c.executor.updatesPerStep);
    expect(tiny.entries[0]?.prompts?.length).toBeGreaterThan(0);

    const converted = join(dir, 'classroom.json');
    const convert = spawnSync(
      'npx',
      ['tsx', 'scripts/simulate.ts', '--run', 'public/runs/classroom-seed1.json', '--unipo', converted],
      { encoding: 'utf8' },
    );
    expect(convert.status, convert.stderr).toBe(0);
    expect(readFileSync(converted, 'utf8')).toBe(encodeUnipo(classroom));
  }, 180_000);
});
