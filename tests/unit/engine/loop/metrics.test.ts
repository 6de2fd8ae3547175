/**
 * The metric table (src/engine/loop/metrics.ts) and the summaries it makes: the four co-evolution metrics
 * on small handmade records with hand-computed numbers, the empty cases (null, a gap), and the shipped
 * recordings' summaries reproduced from their traces.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { METRICS } from '../../../../src/engine/loop/metrics';
import { summarizeIteration } from '../../../../src/engine/loop/summary';
import type { EvaluationResult, PhaseRecord, ProxyResult } from '../../../../src/engine/loop/trace';
import { asRecordedRun } from '../../../../src/engine/files/recording';

const at = { iteration: 3, ms: 500, backend: 'cpu', numTensors: 0 };
const proxy = (step: number, results: Pick<ProxyResult, 'rawP' | 'p' | 'agrees'>[]): PhaseRecord =>
  ({
    ...at,
    phase: 'solver-proxy',
    step,
    results,
    meanP: results.reduce((s, r) => s + r.rawP, 0) / Math.max(1, results.length),
    toolUseRate: 0,
  }) as unknown as PhaseRecord;
const pool = (questions: string[]): PhaseRecord =>
  ({
    ...at,
    phase: 'question-pool',
    step: 0,
    questions: questions.map((question) => ({ question, answer: '1' })),
    generated: 6,
  }) as PhaseRecord;
const executor = (step: number, toolCalls: number[]): PhaseRecord =>
  ({
    ...at,
    phase: 'executor-update',
    step,
    algorithm: 'adpo',
    rollouts: toolCalls.map((c, i) => ({ group: i, text: '', answer: null, reward: -1, toolCalls: c })),
    questions: [],
    stats: null,
  }) as PhaseRecord;
const result: EvaluationResult = {
  accuracy: 0.4,
  byDifficulty: [3, 4, 5].map((difficulty) => ({ difficulty, accuracy: difficulty / 10, toolUse: 0.5, n: 2 })),
  toolUseRate: 0.25,
  pseudoLabelAccuracy: 0.75,
};
const evaluation = { ...at, phase: 'evaluation', step: 0, result } as PhaseRecord;

/**
 * Two curriculum steps. Step 0: p_raw 0.5 agreeing (passes), 0.1 agreeing (not above gateMinP 0.1),
 * 0.8 not agreeing; step 1: 0.3 agreeing (passes). Gated p: 0.5, 0, 0 and 0.3.
 */
const twoSteps = [
  proxy(0, [
    { rawP: 0.5, p: 0.5, agrees: true },
    { rawP: 0.1, p: 0, agrees: true },
    { rawP: 0.8, p: 0, agrees: false },
  ]),
  proxy(1, [{ rawP: 0.3, p: 0.3, agrees: true }]),
];
// Oracle difficulties 1, 2 and 4 (tests/unit/core/tasks.test.ts); the last is no question of the family.
const poolRecord = pool(['What is 3 + 4 ?', 'What is 3 * 4 ?', 'Let x = 40 + 2 + 7 . What is x * 3 ?', 'hello world']);
const tiny = makeConfig('tiny');

describe('the co-evolution metrics', () => {
  const s = summarizeIteration(
    [...twoSteps, poolRecord, executor(0, [0, 1, 2, 3]), executor(1, [1]), evaluation],
    tiny,
  );

  it('reads the raw mean p and the gated mean p, each the mean of the steps’ means', () => {
    // Raw: ((0.5 + 0.1 + 0.8) / 3 + 0.3) / 2 = (0.46667 + 0.3) / 2 = 0.38333.
    expect(s.meanP).toBeCloseTo(0.383333, 6);
    // After the gate: ((0.5 + 0 + 0) / 3 + 0.3) / 2 = (0.16667 + 0.3) / 2 = 0.23333.
    expect(s.meanPGated).toBeCloseTo(0.233333, 6);
  });

  it('counts the questions that pass the gate’s test over all steps: 2 of 4', () => {
    expect(s.gatePass).toBe(0.5);
    // A higher gateMinP of 0.4 lets only p_raw 0.5 through: 1 of 4.
    expect(
      summarizeIteration([...twoSteps, evaluation], makeConfig('tiny', { proxy: { gateMinP: 0.4 } })).gatePass,
    ).toBe(0.25);
  });

  it('applies the gate’s test with the gate off too', () => {
    // Without the gate p = p_raw, and the share of questions that would pass is still 2 of 4.
    const ungated = [
      proxy(0, [
        { rawP: 0.5, p: 0.5, agrees: true },
        { rawP: 0.1, p: 0.1, agrees: true },
        { rawP: 0.8, p: 0.8, agrees: false },
      ]),
      proxy(1, [{ rawP: 0.3, p: 0.3, agrees: true }]),
    ];
    const off = summarizeIteration([...ungated, evaluation], makeConfig('tiny', { proxy: { gate: false } }));
    expect(off.gatePass).toBe(0.5);
    expect(off.meanPGated).toBeCloseTo(off.meanP, 12);
  });

  it('averages the oracle difficulty of the pool, leaving out what the oracle cannot solve', () => {
    // Levels 1 (a sum of digits), 2 (a product of two literals up to 30), 4 (a step problem whose first
    // expression has a literal above 30): (1 + 2 + 4) / 3.
    expect(s.poolDifficulty).toBeCloseTo(7 / 3, 12);
  });

  it('averages the tool calls over every executor training rollout of the iteration', () => {
    expect(s.toolCallsPerTask).toBeCloseTo(1.4, 12); // (0 + 1 + 2 + 3 + 1) / 5
  });

  it('gives null, not 0 or NaN, where the iteration has nothing to measure', () => {
    const empty = summarizeIteration([proxy(0, []), pool(['hello world']), executor(0, []), evaluation], tiny);
    expect([empty.gatePass, empty.poolDifficulty, empty.toolCallsPerTask]).toEqual([null, null, null]);
  });

  it('reads the hard questions as difficulty 5 and up (the top three levels), for the run and the base model alike', () => {
    const hard = METRICS.find((m) => m.key === 'hardAccuracy');
    expect(s.hardAccuracy).toBeCloseTo(0.5, 12); // level 5 only: 5 / 10
    expect(hard?.baseline(result)).toBeCloseTo(0.5, 12);
    expect(hard?.baseline({ ...result, byDifficulty: result.byDifficulty.slice(0, 1) })).toBeNull();
  });
});

describe('the summary', () => {
  it('holds the iteration, every metric of the table in its order, the seconds and the by-level figures', () => {
    const s = summarizeIteration([...twoSteps, evaluation], tiny);
    expect(Object.keys(s)).toEqual(['iteration', ...METRICS.map((m) => m.key), 'seconds', 'byDifficulty', 'levels']);
    expect(s.byDifficulty).toEqual(result.byDifficulty);
    expect(s.iteration).toBe(3);
    expect(s.seconds).toBe(1.5);
  });

  it('gives every metric a distinct key and a command-line heading of at most 9 characters', () => {
    expect(new Set(METRICS.map((m) => m.key)).size).toBe(METRICS.length);
    for (const m of METRICS) expect(m.column.length).toBeLessThanOrEqual(9);
  });

  it.each(['public/runs/classroom-seed1.json', 'public/runs/compare-as-released.json'])(
    'reproduces every figure %s recorded, bit for bit, from its trace',
    (path) => {
      const run = asRecordedRun(JSON.parse(readFileSync(path, 'utf8')));
      expect(run.summaries.length).toBeGreaterThan(0);
      for (const recorded of run.summaries) {
        const records = run.trace.filter((r) => r.iteration === recorded.iteration);
        const again = summarizeIteration(records, run.config) as unknown as Record<string, unknown>;
        for (const [key, value] of Object.entries(recorded)) expect([key, again[key]]).toEqual([key, value]);
      }
    },
  );
});
