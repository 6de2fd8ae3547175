/**
 * One iteration with `release.mode=as-released` (tiny sizes, base checkpoint, WASM, real sandbox):
 * every behaviour of Agent0's released code shows in the trace. Expected values come from the
 * released code as docs/algorithms.md §7 states it (curriculum_reward.py, start_vllm_server_tool.py,
 * train_qwen3_4b_adpo.sh), computed here independently of the engine's helpers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import type { EngineContext } from '../../../../src/engine/loop/context';
import { createNodeEngine, type NodeEngine } from '../../../../src/engine/node';
import { parseRollouts } from '../../../../src/engine/loop/questioner-phases';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { quickIterationConfig } from './quick-iteration';

// The switch as the command line and the URL write it; the band is widened (not a released setting).
const config = quickIterationConfig(7, ['release.mode=as-released']);
let run: NodeEngine;
let records: PhaseRecord[];

const only = <P extends PhaseRecord['phase']>(phase: P) => {
  const found = records.filter((r): r is Extract<PhaseRecord, { phase: P }> => r.phase === phase);
  expect(found).toHaveLength(1);
  return found[0] as Extract<PhaseRecord, { phase: P }>;
};

beforeAll(async () => {
  run = await createNodeEngine(config);
  records = await run.engine.runIteration();
}, 120_000);

afterAll(async () => {
  await run?.dispose();
});

describe('an as-released iteration', () => {
  it('trains the executor with GRPO in exactly one update per batch, so ρ ≡ 1 and nothing clips', () => {
    const rec = only('executor-update');
    expect(rec.algorithm).toBe('grpo');
    const stats = rec.stats;
    expect(stats, rec.note).not.toBeNull();
    if (!stats) return;
    expect(stats.updates).toHaveLength(1);
    expect(stats.schedule).toEqual({
      updatesPerStep: 1,
      updates: 1,
      sequencesPerUpdate: [rec.rollouts.length],
      epsLow: 0.2,
      epsHigh: 0.2,
      dualClip: 3,
    });
    const tokens = Object.values(stats.tokens);
    expect(tokens.length).toBeGreaterThan(0);
    for (const d of tokens) {
      d.mask.forEach((m, t) => {
        if (!m) return;
        expect(Math.abs((d.ratio?.[t] ?? NaN) - 1)).toBeLessThan(1e-4);
        expect(d.branch?.[t]).toBe('none');
      });
    }
    const u = stats.updates[0];
    expect([u?.clipLowFrac, u?.clipHighFrac, u?.dualClipFrac]).toEqual([0, 0, 0]);
  });

  it('compares the proxy majority with the last character of the questioner’s answer', () => {
    const contracts = only('contract-parsing').contracts;
    const results = only('solver-proxy').results;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      const answer = contracts[r.rollout]?.answer ?? '';
      expect(r.golden).toBe(answer.charAt(answer.length - 1)); // Python's answer[-1]
      expect(r.golden).toHaveLength(1);
    }
  });

  it('labels with the plain solver: no program runs during self-labelling', () => {
    const rec = only('self-labelling');
    expect(rec.mode).toBe('plain');
    expect(rec.labels.length).toBeGreaterThan(0);
    for (const l of rec.labels) expect(l.toolCalls).toBe(0);
  });

  it('takes the tool term from ```output blocks in the questioner’s own text', () => {
    const rollouts = only('questioner-rollouts').rollouts;
    const rec = only('curriculum-reward');
    expect(rec.parts).toHaveLength(rollouts.length);
    for (const part of rec.parts) {
      const text = rollouts[part.rollout]?.text ?? '';
      const blocks = (text.match(/```output/g) ?? []).length;
      expect(part.tool).toBeCloseTo(0.05 * Math.min(blocks, 4), 12);
    }
  });

  it('reads a question with no box as the answer "None", so the gate compares "e"', () => {
    // Every rollout of the natural run with a question and no closed box.
    const rollouts = only('questioner-rollouts').rollouts;
    const contracts = only('contract-parsing').contracts;
    const parts = only('curriculum-reward').parts;
    for (const [i, r] of rollouts.entries()) {
      const c = contracts[i];
      if (c?.question == null || /\\boxed\{[^}]*\}/.test(r.text)) continue;
      expect(c.answer).toBe('None');
      expect(parts[i]?.uncertainty).not.toBe(-1);
    }
    // A hand-made rollout, parsed by the engine's contract phase under both modes.
    const text = '<question>What is 2 + 3 ?</question> It is 5';
    const batch = { sequences: [[]], lossMask: [[]], texts: [text], groups: [0], toolCalls: [0] };
    const ctx = (c: typeof config) => ({ config: c, executor: run.engine.models.executor }) as unknown as EngineContext;
    const [released] = parseRollouts(ctx(config), batch);
    expect(released?.question).toBe('What is 2 + 3 ?');
    expect(released?.answer).toBe('None');
    expect('None'.slice(-1)).toBe('e');
    const [intended] = parseRollouts(ctx(makeConfig('tiny')), batch);
    expect(intended?.question).toBeNull();
  });

  it('caps a negative-advantage token at −A·c with the switch’s dual clip c = 3', async () => {
    // ρ cannot leave 1 at a single update, so the loss is checked on a hand-made batch: one trained
    // token with A = −1 whose old log-prob is ln 4 below the current one (ρ = 4).
    // L = min(max(−A·ρ, −A·clip(ρ, 0.8, 1.2)), −A·c) = min(max(4, 1.2), 3) = 3, the dual-clip branch.
    const model = run.engine.models.executor;
    const sequence = model.tokenizer.encode('<|tool|>What is 2 + 3 ?\n\\boxed{5}');
    const t = sequence.length - 1;
    const mask = sequence.map((_, i) => (i === t ? 1 : 0));
    const [logp] = await model.logProbs([sequence], [mask]);
    const old = (logp as number[]).map((x, i) => (i === t ? x - Math.log(4) : x));
    const e = config.executor;
    const stats = await model.trainStep(
      {
        sequences: [sequence],
        lossMask: [mask],
        advantages: [mask.map((m) => -m)],
        oldLogProbs: [old],
        refLogProbs: [logp as number[]],
      },
      { epsLow: e.epsLow, epsHigh: e.epsHigh, dualClip: e.dualClip, klCoef: e.klCoef, aggregation: 'token-mean' },
    );
    expect(stats.ratios[0]?.[t]).toBeCloseTo(4, 4);
    expect(stats.branches[0]?.[t]).toBe('dual-clip');
    expect(stats.pgLoss).toBeCloseTo(3, 5);
  });
});
