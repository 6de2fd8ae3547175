/**
 * The executor's algorithms looked up by `executor.algorithm` (src/core/executor-algorithms.ts): one
 * signature, one result, hand-computed on a small batch, and the terms each lets the page draw; and a
 * dummy third algorithm, described as itself by the export, the UNIPO log, the article and the handout.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../src/core/config';
import { SETTING_RULES } from '../../../src/core/config-rules';
import {
  EXECUTOR_ALGORITHM_IDS,
  EXECUTOR_ALGORITHMS,
  type ExecutorAlgorithm,
  executorAlgorithm,
} from '../../../src/core/executor-algorithms';
import { agent0Arguments } from '../../../src/engine/files/export';
import { asRecordedRun } from '../../../src/engine/files/recording';
import { unipoRunLog } from '../../../src/engine/files/unipo';
import { NOTES_EN } from '../../../src/ui/text/notes-en';
import { NOTES_KO } from '../../../src/ui/text/notes-ko';
import { CLASSROOM_EN } from '../../../src/ui/text/classroom-en';
import { CLASSROOM_KO } from '../../../src/ui/text/classroom-ko';

// Group 0 rewards [1, −1, −1, −1]: μ = −0.5, σ (unbiased) = 1, A = [1.5, −0.5, −0.5, −0.5] / (1 + 10⁻⁶).
// Group 1 rewards [1, 1]: no signal, A = 0. Scores s = 3/9 (group 0) and 7/9 (group 1).
const batch = {
  rewards: [1, -1, -1, -1, 1, 1],
  groups: [0, 0, 0, 0, 1, 1],
  scores: [3 / 9, 3 / 9, 3 / 9, 3 / 9, 7 / 9, 7 / 9],
};
const A = [1.5, -0.5, -0.5, -0.5].map((a) => a / (1 + 1e-6)).concat([0, 0]);
// ε_high 0.25 (not the default 0.2) shows where GRPO's band comes from.
const settings = makeConfig('classroom', { executor: { epsHigh: 0.25 } }).executor;

describe('the executor-algorithm registry', () => {
  it('has one entry per value of executor.algorithm and refuses any other name', () => {
    expect(Object.keys(EXECUTOR_ALGORITHMS).sort()).toEqual(['adpo', 'grpo']);
    expect(executorAlgorithm('grpo')).toBe(EXECUTOR_ALGORITHMS.grpo);
    expect(() => executorAlgorithm('ppo' as never)).toThrow(/no executor algorithm is called "ppo"/);
    expect(() => executorAlgorithm('toString' as never)).toThrow(/no executor algorithm/);
  });

  it('GRPO: the group advantages unscaled, one clip band at executor.epsHigh', () => {
    const r = executorAlgorithm('grpo').advantages(batch, settings);
    r.advantages.forEach((a, i) => expect(a).toBeCloseTo(A[i] as number, 12));
    expect(r.baseAdvantages).toEqual(r.advantages);
    expect(r.scales).toEqual([1, 1, 1, 1, 1, 1]);
    expect(r.epsHigh).toEqual([0.25, 0.25, 0.25, 0.25, 0.25, 0.25]);
    expect(r.groups.map((g) => [g.mean, g.std, g.noSignal])).toEqual([
      [-0.5, 1, false],
      [1, 0, true],
    ]);
    expect(EXECUTOR_ALGORITHMS.grpo.perSequenceEpsHigh).toBe(false);
  });

  it('ADPO: the same advantages times g(s), each sequence its own ε_high(s)', () => {
    const r = executorAlgorithm('adpo').advantages(batch, settings);
    // g(3/9) = 0.6 + 0.4·(3/9 − 0.3)/0.5 = 0.626667; g(7/9) = 0.6 + 0.4·(7/9 − 0.3)/0.5 = 0.982222.
    const g = [0.626667, 0.626667, 0.626667, 0.626667, 0.982222, 0.982222];
    r.scales.forEach((x, i) => expect(x).toBeCloseTo(g[i] as number, 6));
    r.baseAdvantages.forEach((a, i) => expect(a).toBeCloseTo(A[i] as number, 12));
    r.advantages.forEach((a, i) => expect(a).toBeCloseTo((A[i] as number) * (r.scales[i] as number), 12));
    expect(r.advantages[0]).toBeCloseTo(0.94, 5); // 0.626667 · 1.5
    // ε_high(3/9) = 0.2 + 0.1·(0.8 − 3/9)/0.5 = 0.293333; ε_high(7/9) = 0.2 + 0.1·(0.8 − 7/9)/0.5 = 0.204444.
    const eps = [0.293333, 0.293333, 0.293333, 0.293333, 0.204444, 0.204444];
    r.epsHigh.forEach((x, i) => expect(x).toBeCloseTo(eps[i] as number, 6));
    expect(EXECUTOR_ALGORITHMS.adpo.perSequenceEpsHigh).toBe(true);
  });

  it('lets the page draw g(s), ε_high(s) and Â only for the algorithm that computes them', () => {
    const grpo = EXECUTOR_ALGORITHMS.grpo.terms;
    const adpo = EXECUTOR_ALGORITHMS.adpo.terms;
    for (const t of ['g', 'eps', 'adpo', 's'] as const) {
      expect(grpo).not.toContain(t);
      expect(adpo).toContain(t);
    }
    for (const t of ['r', 'A', 'mean', 'std', 'band'] as const) {
      expect(grpo).toContain(t);
      expect(adpo).toContain(t);
    }
  });
});

describe('the registry is the one list of names', () => {
  it('gives the setting its allowed values, in its order', () => {
    expect(EXECUTOR_ALGORITHM_IDS).toEqual(['adpo', 'grpo']);
    expect(SETTING_RULES['executor.algorithm']).toEqual({ kind: 'enum', values: [...EXECUTOR_ALGORITHM_IDS] });
    for (const id of EXECUTOR_ALGORITHM_IDS) expect(EXECUTOR_ALGORITHMS[id].id).toBe(id);
    expect(() => makeConfig('classroom', { executor: { algorithm: 'dummy' as never } })).toThrow();
  });
});

describe('a dummy third algorithm, handed to every description in place of the registry', () => {
  /** GRPO's arithmetic under another name: neither in the paper nor in the released code. */
  const plain: ExecutorAlgorithm = {
    ...EXECUTOR_ALGORITHMS.grpo,
    id: 'dummy',
    name: 'DUMMY',
    unipoName: 'agent0-dummy',
    released: false,
    inPaper: false,
  };
  /** The same with ADPO's two effects of s, which turn on the per-question numbers and keys. */
  const withScore: ExecutorAlgorithm = { ...plain, scalesAdvantageByConsistency: true, perSequenceEpsHigh: true };
  const config = makeConfig('classroom');
  const dummyConfig = { ...config, executor: { ...config.executor, algorithm: 'dummy' as never } };
  /** The executor's block of the export (its script line to the end). */
  const executorBlock = (a: ExecutorAlgorithm) => {
    const text = agent0Arguments(dummyConfig, 'x', () => a);
    return text.slice(text.indexOf('# script: Agent0/executor_train'));
  };

  it('the export names it and passes its id to verl, and says the released trainer runs GRPO instead', () => {
    const block = executorBlock(plain);
    expect(block).toContain('(python3 -m verl_tool.trainer.main_ppo ...; DUMMY)');
    expect(block).toContain('\nalgorithm.adv_estimator=dummy\n');
    expect(block).toContain('# as released the trainer has no DUMMY and runs GRPO');
    expect(block).toContain('actor_rollout_ref.actor.clip_ratio_high=');
    expect(block).not.toMatch(/policy_loss_fn|min_score_for_scaling|ADPO's loss|ADPO loss/);
    const scored = executorBlock(withScore);
    expect(scored).toContain('+actor_rollout_ref.actor.policy_loss_fn=dummy');
    expect(scored).toContain('+algorithm.min_advantage_scale=');
    expect(scored).toContain('# as released the trainer reads none of the DUMMY loss keys and runs GRPO');
    expect(scored).toContain("# DUMMY's loss has no dual clip");
    expect(scored).not.toMatch(/ADPO's loss|ADPO loss/);
  });

  it('the UNIPO log calls it by its UNIPO name, with its id and only the settings it reads', () => {
    const run = asRecordedRun(JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')));
    const trace = run.trace.map((r) => (r.phase === 'executor-update' ? { ...r, algorithm: 'dummy' as never } : r));
    const log = unipoRunLog({ ...run, config: dummyConfig, trace }, () => plain);
    expect(log.header.algorithm).toBe('agent0-dummy');
    expect(log.header.hparams.executor_algorithm).toBe('dummy');
    expect(Object.keys(log.header.hparams).filter((k) => k.includes('adpo'))).toEqual([]);
    expect(log.header.hparams.executor_clip_eps).toEqual([config.executor.epsLow, config.executor.epsHigh]);
    expect(log.entries.some((e) => e.role === 'executor')).toBe(true);
    expect(log.entries.filter((e) => e.adpo_per_question)).toEqual([]);
    const scored = unipoRunLog({ ...run, config: dummyConfig, trace }, () => withScore);
    expect(scored.header.algorithm).toBe('agent0-dummy');
    expect(scored.entries.some((e) => e.role === 'executor' && e.adpo_per_question)).toBe(true);
  });

  it('the article and the handout name it, in both languages, and never as GRPO or ADPO', () => {
    const clip = { epsLow: 0.2, epsHigh: 0.25, dualClip: null };
    const released = NOTES_EN.released(dummyConfig.executor, plain);
    expect(released).toContain('never selects the DUMMY loss');
    expect(released).toContain(
      'This run uses DUMMY, which the paper does not describe («executor.algorithm = dummy»).',
    );
    expect(NOTES_KO.released(dummyConfig.executor, plain)).toContain(
      '논문에 없는 DUMMY를 씁니다 («executor.algorithm = dummy»)',
    );
    expect(NOTES_EN.executorGrpo(clip, plain)).toMatch(
      /^This run’s executor is updated by DUMMY \(«executor\.algorithm = dummy»\)/,
    );
    expect(NOTES_KO.executorGrpo(clip, plain)).toContain('DUMMY로 갱신됩니다 («executor.algorithm = dummy»)');
    expect(CLASSROOM_EN.handout.clipPerSequence('0.2', withScore.name)).toBe(
      'ε_low = 0.2; the executor’s ε_high(s) is set per question by DUMMY.',
    );
    expect(CLASSROOM_KO.handout.clipPerSequence('0.2', withScore.name)).toContain('DUMMY가 문제마다');
    for (const text of [released, NOTES_EN.executorGrpo(clip, plain)]) {
      expect(text).not.toMatch(/by GRPO|uses GRPO|the ADPO loss|adpo»|grpo»/);
    }
  });

  it('ADPO and GRPO keep their words (the released trainer runs GRPO; the paper describes ADPO)', () => {
    const e = config.executor;
    expect(NOTES_EN.released(e, EXECUTOR_ALGORITHMS.adpo)).toBe(
      'As released, Agent0’s executor trainer never selects the ADPO loss and runs GRPO with a symmetric 0.2 clip and dual clip 3. This run uses the rule the paper describes («executor.algorithm = adpo»).',
    );
    expect(NOTES_EN.released(e, EXECUTOR_ALGORITHMS.grpo)).toMatch(
      /^This run’s executor uses GRPO, as the released trainer does: clip \[/,
    );
    expect(agent0Arguments(config)).toContain('(python3 -m verl_tool.trainer.main_ppo ...; ADPO)');
  });
});
