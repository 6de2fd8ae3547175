/**
 * Rewards, governance, advantages, step weights and per-token targets, with every number worked out
 * by hand from the formulas of docs/algorithms.md §4.1 and §8 (A = (R − mean) / (std + 1e-6),
 * unbiased std).
 */
import { describe, expect, it } from 'vitest';
import { outcomeReward, tier } from '../../../../src/core/repair/reward';
import { type JudgedSample, type SignalSettings, sampleSignals } from '../../../../src/core/repair/signals';
import { tokenTargets } from '../../../../src/core/repair/targets';
import { aggregateLoss, clippedTokenLoss } from '../../../../src/core/loss';
import { stepWeights } from '../../../../src/core/repair/weights';

const close = (xs: readonly number[], ys: readonly number[], digits = 5): void => {
  expect(xs).toHaveLength(ys.length);
  xs.forEach((x, i) => expect(x).toBeCloseTo(ys[i] as number, digits));
};

describe('outcome rewards', () => {
  it('gives the three tiers and the two binary baselines', () => {
    expect([tier(false, false), tier(true, false), tier(true, true)]).toEqual([0, 0.5, 1]);
    expect([
      outcomeReward('binary-compile', false, false),
      outcomeReward('binary-compile', true, false),
      outcomeReward('binary-compile', true, true),
    ]).toEqual([0, 1, 1]);
    expect([
      outcomeReward('binary-strict', false, false),
      outcomeReward('binary-strict', true, false),
      outcomeReward('binary-strict', true, true),
    ]).toEqual([0, 0, 1]);
    expect([
      outcomeReward('layered', false, false),
      outcomeReward('layered', true, false),
      outcomeReward('layered', true, true),
    ]).toEqual([0, 0.5, 1]);
  });
});

describe('step weights', () => {
  const scores = [0.8, 0.05, 1.0];
  const tokens = [2, 4, 10];
  it('raw: w = s', () => close(stepWeights('raw', scores, tokens, 1), [0.8, 0.05, 1]));
  it('mean-preserving: floor 0.1 then divide by the token-weighted mean', () => {
    // s' = 0.8, 0.1, 1.0; mean = (2·0.8 + 4·0.1 + 10·1) / 16 = 12 / 16 = 0.75
    const w = stepWeights('mean-preserving', scores, tokens, 1, 0.1);
    close(w, [0.8 / 0.75, 0.1 / 0.75, 1 / 0.75]);
    expect(w.reduce((a, x, k) => a + x * (tokens[k] as number), 0) / 16).toBeCloseTo(1, 10);
  });
  it('sign-aware: s for A > 0, 1 − s for A < 0, 1 for A = 0', () => {
    close(stepWeights('sign-aware', scores, tokens, 0.7), [0.8, 0.05, 1]);
    close(stepWeights('sign-aware', scores, tokens, -0.7), [0.2, 0.95, 0]);
    close(stepWeights('sign-aware', scores, tokens, 0), [1, 1, 1]);
  });
  it('none, or no scores (did not compile): all 1', () => {
    expect(stepWeights('none', scores, tokens, 1)).toEqual([1, 1, 1]);
    expect(stepWeights('mean-preserving', null, tokens, 1)).toEqual([1, 1, 1]);
  });
  it('refuses scores outside [0, 1] and a count mismatch', () => {
    expect(() => stepWeights('raw', [1.5], [1], 1)).toThrow(/\[0, 1\]/);
    expect(() => stepWeights('raw', [0.5], [1, 2], 1)).toThrow(/1 scores for 2 steps/);
  });
});

/** One group of four: a clean repair (tier 1), a compile-only fix (tier 0.5), a sandbox crash, a repetition loop that compiles but differs. */
const GROUP: JudgedSample[] = [
  { group: 0, termination: 'submit', compiles: true, matches: true, tokenCounts: [2, 8, 2], scores: [0.8, 1, 0.9] },
  { group: 0, termination: 'submit', compiles: true, matches: false, tokenCounts: [2, 8], scores: [0.8, 0.2] },
  { group: 0, termination: 'sandbox-crash', compiles: false, matches: false, tokenCounts: [2, 2], scores: [0.8, 0.8] },
  {
    group: 0,
    termination: 'repetition',
    compiles: true,
    matches: false,
    tokenCounts: [2, 2, 2],
    scores: [0.8, 0.1, 0.1],
  },
];
const settings = (
  over: Partial<SignalSettings> & { enabled?: boolean; inStats?: 'keep' | 'drop' } = {},
): SignalSettings => ({
  reward: over.reward ?? 'layered',
  weights: over.weights ?? 'none',
  weightFloor: 0.1,
  governance: { enabled: over.enabled ?? true, environmentInStats: over.inStats ?? 'keep', degenerateReward: 'zero' },
});

describe('governance', () => {
  it('keeps an environment failure in the statistics with R = 0 but trains none of its tokens', () => {
    const s = sampleSignals(GROUP, settings());
    // R = 1, 0.5, 0 (crash), 0 (degenerate → penalty); mean 0.375; squared deviations
    // 0.390625 + 0.015625 + 0.140625 + 0.140625 = 0.6875; std = √(0.6875 / 3) = 0.4787136
    expect(s.map((x) => x.reward)).toEqual([1, 0.5, 0, 0]);
    close(
      s.map((x) => x.advantage),
      [0.625 / 0.4787136, 0.125 / 0.4787136, -0.375 / 0.4787136, -0.375 / 0.4787136],
    );
    expect(s.map((x) => x.inStats)).toEqual([true, true, true, true]);
    expect(s.map((x) => x.trainedSteps)).toEqual([
      [true, true, true],
      [true, true],
      [false, false],
      [false, false, true],
    ]);
    expect(s.map((x) => x.maskCause)).toEqual(['none', 'none', 'environment', 'degenerate']);
  });

  it('drops an environment failure from the statistics when told to', () => {
    const s = sampleSignals(GROUP, settings({ inStats: 'drop' }));
    // stats over R = 1, 0.5, 0: mean 0.5, std = √((0.25 + 0 + 0.25) / 2) = 0.5
    close(
      s.map((x) => x.advantage),
      [1, 0, 0, -1],
    );
    expect(s.map((x) => x.inStats)).toEqual([true, true, false, true]);
    close(
      s.map((x) => x.advantageAllIn),
      [1.305582, 0.261116, -0.783349, -0.783349],
    );
    close(
      s.map((x) => x.advantageMaskedOut),
      [1, 0, 0, -1],
    );
  });

  it('without governance trains everything, scores a crash 0 and a loop by its final snippet', () => {
    const s = sampleSignals(GROUP, settings({ enabled: false }));
    // R = 1, 0.5, 0, 0.5: mean 0.5, std = √(0.5 / 3) = 0.4082483
    expect(s.map((x) => x.reward)).toEqual([1, 0.5, 0, 0.5]);
    close(
      s.map((x) => x.advantage),
      [1.2247419, 0, -1.2247419, 0],
    );
    expect(s.every((x) => x.trainedSteps.every(Boolean))).toBe(true);
  });

  it('binary-compile rewards the compile-only fix like the real one', () => {
    const s = sampleSignals(GROUP.slice(0, 2), settings({ reward: 'binary-compile', enabled: false }));
    expect(s.map((x) => x.reward)).toEqual([1, 1]);
    expect(s.map((x) => x.advantage)).toEqual([0, 0]);
  });

  it('weights steps only of samples that compiled, with the advantage the update uses', () => {
    const s = sampleSignals(GROUP, settings({ weights: 'sign-aware', enabled: false }));
    close(s[0]?.weights ?? [], [0.8, 1, 0.9]); // A > 0: w = s
    close(s[1]?.weights ?? [], [1, 1]); // A = 0
    close(s[2]?.weights ?? [], [1, 1]); // did not compile
    close(s[3]?.weights ?? [], [1, 1, 1]); // A = 0
  });
});

describe('per-token targets', () => {
  it('puts A · w_k on the generated tokens of trained steps only, with an unweighted mask', () => {
    // prompt 0–4, step 0 tokens 5–6, observation 7–8, step 1 tokens 9–11, observation 12, step 2 token 13
    const t = tokenTargets({
      length: 14,
      spans: [
        [5, 7],
        [9, 12],
        [13, 14],
      ],
      advantage: -0.5,
      trainedSteps: [true, false, true],
      weights: [2, 3, 0.5],
    });
    expect(t.lossMask).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(t.advantages).toEqual([0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0, -0.25]);
  });

  it('refuses a span outside the sequence', () => {
    expect(() =>
      tokenTargets({ length: 4, spans: [[2, 6]], advantage: 1, trainedSteps: [true], weights: [1] }),
    ).toThrow(/outside/);
  });
});

describe('weights inside the clipped loss', () => {
  it('scale each token’s loss by w while the token-mean still divides by the plain token count', () => {
    // tokens: (ρ, A, w) — one per clip region; eps 0.2 / 0.28
    const tokens: [number, number, number][] = [
      [1.0, 1, 2],
      [1.5, 1, 0.5], // high-clipped: −A·1.28
      [0.5, -1, 1.5], // low-clipped for A < 0: −A·0.8
      [0.9, -2, 0],
    ];
    const clip = { epsLow: 0.2, epsHigh: 0.28, dualClip: null };
    const weighted = tokens.map(([r, a, w]) => clippedTokenLoss(r, a * w, clip).loss);
    // by hand: −2·1 = −2; −0.5·1.28 = −0.64; 1.5·0.8 = 1.2; 0
    close(weighted, [-2, -0.64, 1.2, 0]);
    tokens.forEach(([r, a, w], i) => expect(weighted[i]).toBeCloseTo(w * clippedTokenLoss(r, a, clip).loss, 12));
    // token-mean over 4 unweighted tokens: (−2 − 0.64 + 1.2 + 0) / 4 = −0.36
    expect(aggregateLoss([weighted], [[1, 1, 1, 1]], 'token-mean')).toBeCloseTo(-0.36, 12);
  });
});
