import { describe, expect, it } from 'vitest';
import { curriculumRewards, toolReward, uncertainty } from '../../../src/core/reward';

/** The spec's reward settings (docs/algorithms.md §3, Agent0's released defaults), written here by hand. */
const SPEC = { uncertaintyScale: 'min', repetitionWeight: 1, clusterThreshold: 0.5, perCall: 0.05, cap: 4 } as const;

describe('uncertainty', () => {
  it('min(p, 1 − p) on the min scale, 1 − 2|p − 0.5| on the linear scale', () => {
    expect(uncertainty(0.3, 'min')).toBeCloseTo(0.3, 12);
    expect(uncertainty(0.9, 'min')).toBeCloseTo(0.1, 12);
    expect(uncertainty(0.5, 'min')).toBe(0.5);
    expect(uncertainty(0.3, 'linear')).toBeCloseTo(0.6, 12);
    expect(uncertainty(0.5, 'linear')).toBe(1);
    expect(uncertainty(0, 'linear')).toBe(0);
  });
  it('refuses p outside [0, 1]', () => {
    expect(() => uncertainty(1.2, 'min')).toThrow(/\[0, 1\]/);
  });
});

describe('toolReward', () => {
  it('is 0.05 · min(N, 4)', () => {
    expect(toolReward(0, SPEC)).toBe(0);
    expect(toolReward(2.5, SPEC)).toBeCloseTo(0.125, 12);
    expect(toolReward(6, SPEC)).toBeCloseTo(0.2, 12);
    expect(toolReward(3, { perCall: 0.1, cap: 2 })).toBeCloseTo(0.2, 12);
  });
});

describe('curriculumRewards', () => {
  it('sums uncertainty, the cluster penalty and the tool reward per rollout', () => {
    const q = 'What is 3 + 4 ?';
    const rewards = curriculumRewards(
      [
        { question: q, p: 0.5, toolCalls: 1 },
        { question: q, p: 0.2, toolCalls: 0 },
        { question: 'Compute 17 * 9 .', p: 0.7, toolCalls: 6 },
        { question: null, p: 0, toolCalls: 0 },
      ],
      SPEC,
    );
    // clusters: {0, 1} (identical), {2}, {3} → penalties 2/4, 2/4, 1/4, 1/4
    const expected = [
      { uncertainty: 0.5, repetition: 0.5, tool: 0.05, total: 0.05 },
      { uncertainty: 0.2, repetition: 0.5, tool: 0, total: -0.3 },
      { uncertainty: 0.3, repetition: 0.25, tool: 0.2, total: 0.25 },
      { uncertainty: -1, repetition: 0.25, tool: 0, total: -1.25 },
    ];
    rewards.forEach((r, i) => {
      const e = expected[i] as (typeof expected)[number];
      expect(r.uncertainty).toBeCloseTo(e.uncertainty, 12);
      expect(r.repetition).toBeCloseTo(e.repetition, 12);
      expect(r.tool).toBeCloseTo(e.tool, 12);
      expect(r.total).toBeCloseTo(e.total, 12);
    });
  });
  it('weights the penalty and switches the uncertainty scale', () => {
    const [r] = curriculumRewards([{ question: 'What is 1 + 1 ?', p: 0.4, toolCalls: 0 }], {
      ...SPEC,
      repetitionWeight: 0.5,
      uncertaintyScale: 'linear',
    });
    // U = 1 − 2·0.1 = 0.8; penalty 1/1 weighted 0.5
    expect(r?.total).toBeCloseTo(0.3, 12);
  });
  it('takes a clustering made by the caller instead of clustering again', () => {
    const rollouts = [
      { question: 'What is 3 + 4 ?', p: 0.5, toolCalls: 0 },
      { question: 'Compute 17 * 9 .', p: 0.5, toolCalls: 0 },
      { question: 'Mia has 12 apples', p: 0.5, toolCalls: 0 },
    ];
    // A caller's clustering that groups 0 and 2 (not what BLEU would do): penalties 2/3, 1/3, 2/3.
    const rewards = curriculumRewards(rollouts, SPEC, { labels: [0, 1, 0], sizes: [2, 1] });
    expect(rewards.map((r) => r.repetition)).toEqual([2 / 3, 1 / 3, 2 / 3]);
    expect(() => curriculumRewards(rollouts, SPEC, { labels: [0, 0], sizes: [2] })).toThrow(
      /clustering of 2 questions for 3 rollouts/,
    );
  });
});
