/**
 * The guided lesson's logic against hand-worked traces: which questions are offered, and that the
 * answer is read from the deciding record (rewards, noSignal, kept positions, clip fractions), with
 * the right choices worked out by hand below each fixture.
 */
import { describe, expect, it } from 'vitest';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { choiceKeys, decide, openAsk, rightKeys } from '../../../../src/ui/classroom/lesson-predictions';
import { LESSON_SCREENS, readLessonStep } from '../../../../src/ui/classroom/lesson-screens';
import type { HeldRecord } from '../../../../src/ui/state/held-records';

const SETTINGS = { updates: 4, band: [0.3, 0.8] as const };
const meta = (iteration = 1, step = 0) => ({ iteration, step, ms: 1, backend: 'cpu', numTensors: 0 });
const rec = (data: object, iteration = 1, step = 0) => ({ ...data, ...meta(iteration, step) }) as PhaseRecord;
const parts = (rollout: number, uncertainty: number, repetition: number, tool: number) => ({
  rollout,
  uncertainty,
  repetition,
  cluster: 0,
  tool,
  total: uncertainty - repetition + tool,
});
const proxy = (rollout: number, p: number) => ({
  rollout,
  answers: [],
  toolCalls: [],
  failedCalls: 0,
  majority: '1',
  rawP: p,
  p,
  agrees: true,
  gated: false,
  transcript: '',
});

// Six rollouts in three groups of two; rollout 1 broke its contract, rollout 3 repeats rollout 0's question.
const rollouts = rec({
  phase: 'questioner-rollouts',
  rollouts: [0, 0, 1, 1, 2, 2].map((group) => ({ group, text: '' })),
});
const contracts = rec({
  phase: 'contract-parsing',
  contracts: [
    { question: 'A', answer: '1', trueAnswer: '1' },
    { question: null, answer: null, trueAnswer: null },
    { question: 'B', answer: '2', trueAnswer: '2' },
    { question: 'A', answer: '1', trueAnswer: '1' },
    { question: 'C', answer: '3', trueAnswer: '3' },
    { question: 'D', answer: '4', trueAnswer: '4' },
  ],
  valid: 5,
  total: 6,
  validRate: 5 / 6,
});
const proxyRec = rec({
  phase: 'solver-proxy',
  results: [proxy(0, 0.5), proxy(2, 0.9), proxy(3, 0.5), proxy(4, 0.6), proxy(5, 0.3)],
  meanP: 0.56,
  toolUseRate: 0,
});
// R = U − pen + tool: rollout 0: 0.5 − 0.25 + 0 = 0.25; 1: −1; 2: 0.1; 3: 0.25; 4: 0.4 − 0 + 0.05 = 0.45; 5: 0.3.
const rewardRec = rec({
  phase: 'curriculum-reward',
  parts: [
    parts(0, 0.5, 0.25, 0),
    parts(1, -1, 0, 0),
    parts(2, 0.1, 0, 0),
    parts(3, 0.5, 0.25, 0),
    parts(4, 0.4, 0, 0.05),
    parts(5, 0.3, 0, 0),
  ],
  clusterCount: 5,
  distances: [],
});

describe('which question earns the highest reward', () => {
  const before = [rollouts, contracts, proxyRec];
  it('offers questions of distinct p (nearest 0.5, highest, lowest) and the rollout that broke its contract', () => {
    // Questions A (0.5), B (0.9), C (0.6), D (0.3); rollout 3 repeats A; rollout 1 broke its contract.
    const ask = openAsk('top-reward', before, SETTINGS);
    expect(ask).toMatchObject({
      kind: 'top-reward',
      iteration: 1,
      choices: [
        { rollout: 0, question: 'A', p: 0.5 },
        { rollout: 1, question: null, p: null },
        { rollout: 2, question: 'B', p: 0.9 },
        { rollout: 5, question: 'D', p: 0.3 },
      ],
    });
    expect(choiceKeys(ask!)).toEqual(['r0', 'r1', 'r2', 'r5']);
  });
  it('is not asked before the solver proxy, nor once the reward has run', () => {
    expect(openAsk('top-reward', [rollouts, contracts], SETTINGS)).toBeNull();
    expect(openAsk('top-reward', [...before, rewardRec], SETTINGS)).toBeNull();
  });
  it('has no answer before the reward phase; then rollout 5 (R = 0.3) wins among those offered', () => {
    const ask = openAsk('top-reward', before, SETTINGS)!;
    expect(decide(ask, before)).toBeNull();
    const reveal = decide(ask, [...before, rewardRec])!;
    expect(reveal.kind === 'top-reward' && reveal.parts.map((p) => p.total)).toEqual([0.25, -1, 0.1, 0.3]);
    expect(rightKeys(reveal)).toEqual(['r5']);
  });
  it('counts every tied choice as right', () => {
    const tied = rec({
      ...rewardRec,
      parts: [parts(0, 0.5, 0, 0), parts(1, -1, 0, 0), parts(2, 0.5, 0, 0), parts(5, 0.2, 0, 0)],
    });
    const ask = openAsk('top-reward', before, SETTINGS)!;
    expect(rightKeys(decide(ask, [...before, tied])!)).toEqual(['r0', 'r2']);
  });
  it('reads nothing from a released record', () => {
    const released: HeldRecord[] = [
      rollouts,
      { phase: 'contract-parsing', iteration: 1, step: 0, released: true },
      proxyRec,
    ];
    expect(openAsk('top-reward', released, SETTINGS)).toBeNull();
  });
});

describe('which group gets no gradient', () => {
  const before = [rollouts, contracts, proxyRec, rewardRec];
  const update = (noSignal: boolean[]) =>
    rec({
      phase: 'questioner-update',
      stats: {
        updates: [],
        tokens: {},
        groups: noSignal.map((n, id) => ({ id, rewards: [], mean: 0, std: n ? 0 : 0.1, noSignal: n, advantages: [] })),
      },
    });
  it('offers each group with its rollouts’ rewards, and "none"', () => {
    const ask = openAsk('no-gradient', before, SETTINGS)!;
    expect(ask).toMatchObject({
      choices: [
        { group: 0, rewards: [0.25, -1] },
        { group: 1, rewards: [0.1, 0.25] },
        { group: 2, rewards: [0.45, 0.3] },
      ],
    });
    expect(choiceKeys(ask)).toEqual(['g0', 'g1', 'g2', 'none']);
  });
  it('answers the groups the update flagged, or none', () => {
    const ask = openAsk('no-gradient', before, SETTINGS)!;
    expect(rightKeys(decide(ask, [...before, update([false, true, false])])!)).toEqual(['g1']);
    expect(rightKeys(decide(ask, [...before, update([false, false, false])])!)).toEqual(['none']);
  });
  it('matches the update of the same iteration only', () => {
    const ask = openAsk('no-gradient', before, SETTINGS)!;
    expect(decide(ask, [...before, rec({ ...update([true, true, true]) }, 2)])).toBeNull();
  });
});

describe('will curation keep this question', () => {
  const label = (score: number, counts: number[]) => ({
    question: `q${score}`,
    questionerAnswer: '1',
    votes: Array.from({ length: 9 }, () => '1'),
    buckets: counts.map((count, i) => ({ answer: String(i), count })),
    pseudoLabel: '0',
    score,
    trueAnswer: '0',
    correct: true,
  });
  // Distances to the band [0.3, 0.8]: 1 → 0.2, 3/9 → 0.033, 5/9 → 0.244, 1/9 → 0.189, 7/9 → 0.022: question 4 is asked.
  const labels = rec({
    phase: 'self-labelling',
    labels: [
      label(1, [9]),
      label(3 / 9, [3, 2, 2, 2]),
      label(5 / 9, [5, 4]),
      label(1 / 9, [1, 1, 1, 1, 1, 1, 1, 1, 1]),
      label(7 / 9, [7, 2]),
    ],
  });
  const curation = (keptIndices: number[]) =>
    rec({
      phase: 'curation',
      kept: keptIndices.length,
      dropped: 4 - keptIndices.length,
      inBandShare: 0.5,
      band: [0.3, 0.8],
      keptIndices,
    });
  it('asks about the question nearest an edge of the band, with its votes', () => {
    const ask = openAsk('curation', [labels], SETTINGS)!;
    expect(ask).toMatchObject({ kind: 'curation', index: 4, question: `q${7 / 9}`, votes: 9 });
    expect(choiceKeys(ask)).toEqual(['keep', 'drop']);
  });
  it('answers from the kept positions, with s and the band', () => {
    const ask = openAsk('curation', [labels], SETTINGS)!;
    const kept = decide(ask, [labels, curation([2, 4])])!;
    expect(kept).toEqual({ kind: 'curation', kept: true, score: 7 / 9, band: [0.3, 0.8] });
    expect(rightKeys(kept)).toEqual(['keep']);
    expect(rightKeys(decide(ask, [labels, curation([1, 2])])!)).toEqual(['drop']);
  });
});

describe('when does ρ first leave the clip band', () => {
  const step = (low: number, high: number, dual = 0) => ({
    loss: 0,
    pgLoss: 0,
    kl: 0,
    entropy: 0,
    gradNorm: 0,
    clipLowFrac: low,
    clipHighFrac: high,
    dualClipFrac: dual,
    meanAbsRatioDev: 0,
    sequences: 16,
  });
  const curation = rec({ phase: 'curation', kept: 1, dropped: 0, inBandShare: 1, band: [0.3, 0.8], keptIndices: [0] });
  const executor = (updates: ReturnType<typeof step>[]) =>
    rec({
      phase: 'executor-update',
      algorithm: 'adpo',
      rollouts: [],
      questions: [],
      stats: { updates, groups: [], tokens: {} },
    });
  it('offers each optimizer update and never', () => {
    const ask = openAsk('clip', [curation], SETTINGS)!;
    expect(choiceKeys(ask)).toEqual(['u1', 'u2', 'u3', 'u4', 'none']);
  });
  it('answers the first update with a clipped token', () => {
    const ask = openAsk('clip', [curation], SETTINGS)!;
    const reveal = decide(ask, [curation, executor([step(0, 0), step(0, 0), step(0.004, 0), step(0.01, 0.002)])])!;
    expect(reveal).toMatchObject({ kind: 'clip', first: 3 });
    expect(rightKeys(reveal)).toEqual(['u3']);
    expect(rightKeys(decide(ask, [curation, executor([step(0, 0), step(0, 0, 0.02)])])!)).toEqual(['u2']);
    expect(rightKeys(decide(ask, [curation, executor([step(0, 0), step(0, 0)])])!)).toEqual(['none']);
  });
});

describe('lesson screens and keys', () => {
  it('has seventeen screens, four of them predictions, three on co-evolution after the curves', () => {
    expect(LESSON_SCREENS).toHaveLength(17);
    expect(LESSON_SCREENS.slice(12, 16).map((s) => s.view)).toEqual([
      'curves',
      'level-mix',
      'coevolution',
      'pool-contrast',
    ]);
    expect(LESSON_SCREENS.filter((s) => s.predict).map((s) => s.predict)).toEqual([
      'top-reward',
      'no-gradient',
      'curation',
      'clip',
    ]);
  });
  it('reads the step from the address, refusing what is not a screen', () => {
    expect(readLessonStep(null)).toEqual({ step: null, problem: false });
    expect(readLessonStep('3')).toEqual({ step: 3, problem: false });
    expect(readLessonStep('17')).toEqual({ step: 17, problem: false });
    for (const bad of ['0', '18', 'abc', '2.5', '-1']) expect(readLessonStep(bad)).toEqual({ step: 1, problem: true });
  });
});
