/**
 * The co-evolution figures' facts and sentences on hand-made pools and a hand-made ablation, every
 * standard error and seed range worked out by hand beside its case.
 */
import { describe, expect, it } from 'vitest';
import { shareGap } from '../../../../src/core/stats';
import type { AblationRecording } from '../../../../src/engine/studies/ablation-file';
import {
  contrastFinding,
  difficultyDomain,
  difficultySeries,
  hardShare,
  mixFinding,
  poolMixes,
  type PoolMix,
} from '../../../../src/engine/studies/coevolution-contrast';
import type { IterationSummary } from '../../../../src/engine/loop/summary';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

/** A pool of `n` questions, a share `hard` of them at level 5 and the rest at level 1. */
const mix = (iteration: number, n: number, hard: number): PoolMix => ({
  iteration,
  questions: n,
  shares: [1 - hard, 0, 0, 0, hard, 0, 0],
});

describe('the level mix of each pool', () => {
  it('shares the oracle’s levels among the questions it places, and leaves an empty pool empty', () => {
    // “What is 7 + 1 ?” is level 1; “What is 70 + 1 ?” level 6 (a literal above 50, none above 99);
    // the third is outside the task family.
    const [first, second] = poolMixes([['What is 7 + 1 ?', 'What is 70 + 1 ?', 'Name a colour .'], []]);
    expect(first).toEqual({ iteration: 1, questions: 2, shares: [0.5, 0, 0, 0, 0, 0.5, 0] });
    expect(hardShare(first!)).toBe(0.5);
    expect(second).toEqual({ iteration: 2, questions: 0, shares: [0, 0, 0, 0, 0, 0, 0] });
  });

  it('calls 20 % → 40 % on ten questions each no measurable change, and on a hundred each a rise', () => {
    // n = 10: se = √(0.2·0.8/10 + 0.4·0.6/10) = √0.04 = 0.2 → 20 points; 20 < 2 · 20.
    const few = mixFinding([mix(1, 10, 0.2), mix(2, 12, 0.3), mix(3, 10, 0.4)])!;
    expect(few).toMatchObject({ from: 0.2, to: 0.4, withinNoise: true });
    expect(few.change).toBeCloseTo(20, 9);
    expect(few.standardError).toBeCloseTo(20, 9);
    // The sentence names the hard line, the first of the top three levels of seven: 5.
    expect(EN.contrast.mixFinding(few)).toBe(
      'Questions of level 5 or more make up 20.0% of pool 1 and 40.0% of pool 3: the hard share shows no measurable change (+20.0 points, while two standard errors over 10 and 10 questions are ±40.0 points).',
    );
    expect(KO.contrast.mixFinding(few)).toBe(
      '난이도 5 이상 문제는 풀 1의 20.0%, 풀 3의 40.0%입니다. 어려운 문제의 비율은 측정할 만한 변화가 없습니다(+20.0%p, 문제 10개와 10개에서 표준오차의 두 배는 ±40.0%p입니다).',
    );
    // n = 100: se = √(0.0016 + 0.0024) = 0.0632 → 6.3 points; 20 > 2 · 6.32.
    const many = mixFinding([mix(1, 100, 0.2), mix(2, 100, 0.4)])!;
    expect(many.withinNoise).toBe(false);
    expect(EN.contrast.mixFinding(many)).toContain(
      'the hard share rises by 20.0 points (two standard errors over 100 and 100 questions are ±12.6 points).',
    );
  });

  it('skips empty pools and needs two', () => {
    expect(mixFinding([mix(1, 10, 0.2)])).toBeNull();
    expect(mixFinding([mix(1, 0, 0), mix(2, 10, 0.2)])).toBeNull();
    expect(mixFinding([mix(1, 10, 0.2), mix(2, 0, 0), mix(3, 10, 0.2)])?.last.iteration).toBe(3);
  });

  it('uses the standard error of two shares, √(a(1−a)/na + b(1−b)/nb)', () => {
    // 0.5 on 25 and 0.5 on 25: √(0.01 + 0.01) = 0.1414.
    expect(shareGap(0.5, 25, 0.5, 25).standardError).toBeCloseTo(Math.SQRT2 / 10, 12);
    // 0.35 → 0.65: se = √(2 · 0.2275/25) = 0.1349, and 0.30 > 0.2698: measurable.
    expect(shareGap(0.35, 25, 0.65, 25).withinNoise).toBe(false);
    // 0.37 → 0.63: se = √(2 · 0.2331/25) = 0.1366, and 0.26 < 0.2731: no measurable change.
    expect(shareGap(0.37, 25, 0.63, 25).withinNoise).toBe(true);
  });
});

describe('the full run against the frozen questioner', () => {
  const run = (seed: number, difficulties: number[]) => ({
    seed,
    baseline: 0.5,
    summaries: difficulties.map((poolDifficulty, i) => ({ iteration: i + 1, poolDifficulty }) as IterationSummary),
  });
  const recording = (frozenLast: number[]): AblationRecording => ({
    format: 'agent0-lab-ablation',
    version: 1,
    preset: 'classroom',
    iterations: 2,
    seeds: [1, 2, 3],
    questions: 140,
    variants: [
      { id: 'full', set: {}, runs: [run(1, [3, 5]), run(2, [3.5, 5.5]), run(3, [4, 6])] },
      {
        id: 'no-curriculum-training',
        set: { questioner: { train: false } },
        runs: [run(1, [3.2, frozenLast[0]!]), run(2, [2.8, frozenLast[1]!]), run(3, [3, frozenLast[2]!])],
      },
      { id: 'no-tool-reward', set: {}, runs: [run(1, [9, 9])] },
    ],
  });

  it('says every frozen seed lies below every full seed at the end, while they overlapped after iteration 1', () => {
    // Last: full 5.0–6.0 (mean 5.5), frozen 2.9–3.3 (mean 3.1): below. First: full 3.0–4.0, frozen 2.8–3.2: overlap.
    const series = difficultySeries(recording([2.9, 3.1, 3.3]));
    expect(series.map((s) => s.id)).toEqual(['full', 'no-curriculum-training']);
    const f = contrastFinding(series, 3)!;
    expect(f).toMatchObject({ iterations: 2, seeds: 3, last: 'below', first: 'within' });
    expect(f.full.last.mean).toBeCloseTo(5.5, 12);
    expect(f.frozen.last.mean).toBeCloseTo(3.1, 12);
    expect(EN.contrast.contrastFinding(f)).toBe(
      'After iteration 2 the full run’s pools average difficulty 5.50 (seeds 5.00–6.00), the frozen questioner’s 3.10 (seeds 2.90–3.30): every seed of the frozen questioner lies below every seed of the full run. After iteration 1 (full 3.50 (seeds 3.00–4.00), frozen 3.00 (seeds 2.80–3.20)) the ranges overlap. The questioner that learns writes harder questions as the solver improves; the frozen one does not.',
    );
    expect(KO.contrast.contrastFinding(f)).toContain(
      '출제자를 고정한 실행의 모든 시드가 전체 실행의 모든 시드보다 낮습니다',
    );
    // The axis: 0 to the highest value any seed reached, rounded up to a whole level.
    expect(difficultyDomain(series)).toEqual([0, 6]);
  });

  it('calls overlapping seed ranges no measurable difference', () => {
    // Frozen last 2.9, 5.2, 3.3: its maximum 5.2 lies inside the full run's 5.0–6.0.
    const f = contrastFinding(difficultySeries(recording([2.9, 5.2, 3.3])), 3)!;
    expect(f.last).toBe('within');
    expect(EN.contrast.contrastFinding(f)).toContain('the seeds’ ranges overlap: no measurable difference');
    expect(EN.contrast.contrastFinding(f)).not.toContain('lies below');
  });
});
