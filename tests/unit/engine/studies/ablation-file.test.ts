/**
 * The recorded Tables 3 / 9 ablation: its file is refused whole where it is wrong, and its rows are
 * the hand-computed means, spreads and differences of a small made-up recording.
 */
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../../src/core/problem-error';
import { type AblationRecording, decodeAblation, encodeAblation } from '../../../../src/engine/studies/ablation-file';
import { ablationRows } from '../../../../src/engine/studies/ablation-table';
import { separation, seedSpread } from '../../../../src/core/stats';
import { ABLATION_VARIANTS } from '../../../../src/engine/studies/ablation-variants';
import type { IterationSummary } from '../../../../src/engine/loop/summary';

const summary = (iteration: number, heldOutAccuracy: number) => ({ iteration, heldOutAccuracy }) as IterationSummary;

/** Seeds 1 and 2, two iterations; the full run scores (0.5, 0.6) and (0.5, 0.7); every other variant its own. */
const HELD_OUT: Record<string, [number, number][]> = {
  full: [
    [0.5, 0.6],
    [0.5, 0.7],
  ],
  'no-curriculum-training': [
    [0.4, 0.5],
    [0.3, 0.55],
  ],
};
function recording(): Omit<AblationRecording, 'format' | 'version'> {
  return {
    preset: 'classroom',
    iterations: 2,
    seeds: [1, 2],
    questions: 140,
    variants: ABLATION_VARIANTS.map((v) => ({
      id: v.id,
      set: v.set,
      runs: [1, 2].map((seed, s) => ({
        seed,
        baseline: 0.2,
        summaries: (HELD_OUT[v.id]?.[s] ?? [0.6, 0.65]).map((a, i) => summary(i + 1, a)),
      })),
    })),
  };
}

function refusal(text: string) {
  try {
    decodeAblation(text);
  } catch (err) {
    if (err instanceof ProblemError) return err.problems[0];
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('the ablation file', () => {
  it('reads back what it wrote', () => {
    const r = recording();
    expect(decodeAblation(encodeAblation(r)).variants).toEqual(r.variants);
  });

  it('refuses a variant whose settings are not the ones this build runs', () => {
    const r = recording();
    r.variants[3] = {
      ...(r.variants[3] as AblationRecording['variants'][number]),
      set: { reward: { repetitionWeight: 0.5 } },
    };
    expect(refusal(encodeAblation(r))).toEqual({
      kind: 'ablation-malformed',
      path: 'variants[3]',
      expected: 'variant',
    });
  });

  it('refuses runs out of seed order, a missing run and an accuracy above 1', () => {
    const swapped = recording();
    const runs = swapped.variants[1]?.runs as AblationRecording['variants'][number]['runs'];
    runs.reverse();
    expect(refusal(encodeAblation(swapped))).toEqual({
      kind: 'ablation-malformed',
      path: 'variants[1].runs[0]',
      expected: 'run',
    });
    const short = recording();
    short.variants[6]?.runs.pop();
    expect(refusal(encodeAblation(short))).toEqual({
      kind: 'ablation-malformed',
      path: 'variants[6].runs',
      expected: 'runs',
    });
    const high = recording();
    (high.variants[0]?.runs[1]?.summaries[1] as IterationSummary).heldOutAccuracy = 1.2;
    expect(refusal(encodeAblation(high))).toEqual({
      kind: 'ablation-malformed',
      path: 'variants[0].runs[1].summaries[1]',
      expected: 'summary',
    });
    expect(refusal('{"format":"agent0-lab-run","version":1}')).toEqual({
      kind: 'wrong-format',
      format: 'agent0-lab-ablation',
    });
  });
});

describe('the ablation rows', () => {
  it('tells a difference outside the seeds’ spread only when the ranges do not overlap', () => {
    const full = seedSpread([0.5, 0.6, 0.55]);
    expect(separation(seedSpread([0.4, 0.45, 0.49]), full)).toBe('below');
    expect(separation(seedSpread([0.4, 0.45, 0.5]), full)).toBe('within');
    expect(separation(seedSpread([0.61, 0.7, 0.65]), full)).toBe('above');
  });

  it('averages each seed’s last and mean held-out accuracy and subtracts the full run’s', () => {
    const rows = ablationRows(decodeAblation(encodeAblation(recording())));
    expect(rows.map((r) => r.id)).toEqual(ABLATION_VARIANTS.map((v) => v.id));
    const [full, noTraining] = rows;
    // Full: finals 0.6 and 0.7 → mean 0.65; averages 0.55 and 0.6 → 0.575.
    expect(full?.final.mean).toBeCloseTo(0.65, 12);
    expect(full?.average.mean).toBeCloseTo(0.575, 12);
    expect(full?.final.difference).toBe(0);
    // Without curriculum training: finals 0.5, 0.55 (mean 0.525, 12.5 points below; 0.55 < 0.6, so
    // outside the spread); averages 0.45, 0.425 (mean 0.4375).
    expect(noTraining?.final.perSeed).toEqual([0.5, 0.55]);
    expect(noTraining?.final.difference).toBeCloseTo(-0.125, 12);
    expect(noTraining?.final.separation).toBe('below');
    expect(noTraining?.average.mean).toBeCloseTo(0.4375, 12);
    expect(noTraining?.average.difference).toBeCloseTo(-0.1375, 12);
    // The paper's Table 3: 46.8 against 58.2 (math), 29.5 against 36.7 (general).
    expect(noTraining?.paper?.mathDifference).toBeCloseTo(-11.4, 10);
    expect(noTraining?.paper?.generalDifference).toBeCloseTo(-7.2, 10);
    // Table 9: one turn 50.4 against four turns' 51.9 (math).
    expect(rows.at(-1)?.paper?.mathDifference).toBeCloseTo(-1.5, 10);
    // The others score (0.6, 0.65) on both seeds: final 0.65 = full's mean, inside its spread.
    expect(rows[2]?.final.difference).toBeCloseTo(0, 12);
    expect(rows[2]?.final.separation).toBe('within');
  });
});
