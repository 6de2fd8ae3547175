import { describe, expect, it } from 'vitest';
import { advantagePairs } from '../../../src/ui/lib/advantage-compare';
import { fmt, fraction, pct } from '../../../src/ui/lib/format';
import { keptFlags } from '../../../src/ui/lib/kept';
import { groupSlots } from '../../../src/ui/lib/group-layout';
import { baselineValue, drawnPoints, metricSeries, seriesPath } from '../../../src/ui/lib/metrics';
import { ratioPoints } from '../../../src/ui/lib/ratio-points';
import { stackParts } from '../../../src/ui/lib/reward-stack';
import { scoreBins } from '../../../src/ui/lib/score-bins';

describe('view data', () => {
  it('stacks reward parts: U up, penalty down, tool up from U', () => {
    const segs = stackParts({ rollout: 0, uncertainty: 0.3, repetition: 0.25, cluster: 0, tool: 0.05, total: 0.1 }, 1);
    expect(segs.map((s) => [s.part, s.y0, s.y1])).toEqual([
      ['uncertainty', 0, 0.3],
      ['repetition', 0, -0.25],
      ['tool', 0.3, 0.35],
    ]);
    // a violation: U = −1, penalty 1/16 with weight 2
    expect(
      stackParts({ rollout: 1, uncertainty: -1, repetition: 0.0625, cluster: 0, tool: 0, total: -1.125 }, 2).map(
        (s) => s.y1,
      ),
    ).toEqual([-1, -1.125, 0]);
  });

  it('bins s = k/9 and flags the 0.3–0.8 band', () => {
    const bins = scoreBins([1 / 9, 3 / 9, 3 / 9, 7 / 9, 8 / 9], 9, [0.3, 0.8]);
    expect(bins.map((b) => b.count)).toEqual([0, 1, 0, 2, 0, 0, 0, 1, 1, 0]);
    expect(bins.filter((b) => b.inBand).map((b) => b.k)).toEqual([3, 4, 5, 6, 7]);
  });

  it('pairs GRPO advantages (recomputed) with the ADPO ones the update used', () => {
    // rewards [1, −1, −1, −1]: mean −0.5, unbiased std 1 → A = [1.5, −0.5, −0.5, −0.5]; g(3/9) = 0.6 + 0.4·(1/15) = 0.62667
    const g = 0.6 + 0.4 * ((3 / 9 - 0.3) / 0.5);
    const used = [1.5, -0.5, -0.5, -0.5].map((a) => (a * g) / (1 + 1e-6));
    const pairs = advantagePairs([
      { id: 4, rewards: [1, -1, -1, -1], mean: -0.5, std: 1, noSignal: false, advantages: used },
    ]);
    expect(pairs.map((p) => p.grpo)).toEqual([1.5, -0.5, -0.5, -0.5].map((a) => a / (1 + 1e-6)));
    pairs.forEach((p) => expect(p.used / p.grpo).toBeCloseTo(0.626667, 6));
    expect(pairs[0]).toMatchObject({ group: 4, member: 0, reward: 1 });
  });

  it('lays out groups with a gap between them', () => {
    const { slots, step } = groupSlots(
      [
        { id: 0, rewards: [1, 2], mean: 0, std: 0, noSignal: false, advantages: [0, 0] },
        { id: 1, rewards: [3], mean: 0, std: 0, noSignal: false, advantages: [0] },
      ],
      138,
      10,
      1,
    );
    expect(step).toBe(32); // (138 − 10) / (3 rollouts + 1 gap)
    expect(slots.map((s) => s.x)).toEqual([26, 58, 122]);
  });

  it('lines up trained tokens with their sequence clip band', () => {
    const { points, bands } = ratioPoints(
      {
        0: {
          pieces: ['a', 'b', 'c'],
          mask: [0, 1, 1],
          advantage: [0, 1, 1],
          ratio: [1, 1.1, 0.7],
          branch: ['none', 'none', 'low-clip'],
        },
        3: { pieces: ['d'], mask: [1], advantage: [-1], ratio: [1.4], branch: ['high-clip'] },
      },
      0.2,
      (seq) => (seq === 3 ? 0.3 : 0.2),
    );
    expect(points.map((p) => [p.seq, p.token, p.at, p.branch])).toEqual([
      [0, 1, 0, 'none'],
      [0, 2, 1, 'low-clip'],
      [3, 0, 4, 'high-clip'],
    ]);
    expect(bands).toEqual([
      { seq: 0, from: 0, to: 2, low: 0.8, high: 1.2 },
      { seq: 3, from: 4, to: 5, low: 0.8, high: 1.3 },
    ]);
  });

  it('reads metric series and the baseline', () => {
    const s = [
      { iteration: 1, heldOutAccuracy: 0.1, pseudoLabelAccuracy: null },
      { iteration: 2, heldOutAccuracy: 0.2, pseudoLabelAccuracy: 0.5 },
    ];
    expect(metricSeries(s, 'pseudoLabelAccuracy')).toEqual([
      { iteration: 1, value: null },
      { iteration: 2, value: 0.5 },
    ]);
    expect(drawnPoints(metricSeries(s, 'pseudoLabelAccuracy'))).toEqual([{ iteration: 2, value: 0.5 }]);
    expect(
      baselineValue(
        { accuracy: 0.25, toolUseRate: 0.1, byDifficulty: [], pseudoLabelAccuracy: null },
        'heldOutAccuracy',
      ),
    ).toBe(0.25);
    expect(baselineValue(null, 'kl')).toBeNull();
  });

  it('draws a gap, not NaN, where a summary lacks a metric or did not measure it', () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => 100 - v * 100;
    // A recording made before gatePass existed: no point and no line at all.
    const old = [
      { iteration: 1, heldOutAccuracy: 0.1 },
      { iteration: 2, heldOutAccuracy: 0.2 },
    ];
    expect(metricSeries(old, 'gatePass').map((p) => p.value)).toEqual([null, null]);
    expect(drawnPoints(metricSeries(old, 'gatePass'))).toEqual([]);
    expect(seriesPath(metricSeries(old, 'gatePass'), x, y)).toBe('');
    // Measured at 1 and 3, missing at 2: two pieces of line, (10, 90) alone and (30, 50) to (40, 60).
    const mixed = [
      { iteration: 1, gatePass: 0.1 },
      { iteration: 2 },
      { iteration: 3, gatePass: 0.5 },
      { iteration: 4, gatePass: 0.4 },
    ];
    const path = seriesPath(metricSeries(mixed, 'gatePass'), x, y);
    expect(path).not.toContain('NaN');
    expect(path).toBe('M10,90ZM30,50L40,60');
  });

  it('formats numbers for labels', () => {
    expect(fmt(-0.0004)).toBe('0.000');
    expect(fmt(-1.5, 2)).toBe('−1.50');
    expect(fraction(3 / 9, 9)).toBe('3/9');
    expect(fraction(0.35, 9)).toBe('0.350');
    expect(pct(0.0234)).toBe('2.3%');
  });
});

describe('kept or dropped', () => {
  const curation = (keptIndices: number[]) => ({
    phase: 'curation' as const,
    kept: keptIndices.length,
    dropped: 0,
    inBandShare: 0,
    band: [0.3, 0.8] as [number, number],
    keptIndices,
    iteration: 1,
    step: 0,
    ms: 0,
    backend: 'wasm',
    numTensors: 0,
  });
  it('reads the curation record, and is unknown before curation ran', () => {
    expect(keptFlags(4, curation([1, 2]))).toEqual([false, true, true, false]);
    expect(keptFlags(2, null)).toEqual([null, null]);
  });
});
