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

describe('the ablation’s per-level results', () => {
  const levels = (top: [number, number, number]) =>
    [0.9, 0.8, 0.7, 0.6, ...top].map((accuracy, i) => ({ difficulty: i + 1, n: 20, accuracy, toolUse: 0.5 }));
  /** The recording above with by-level figures: the full run's last iteration scores 0.3, 0.2, 0.1 on levels 5–7 (seed 1) and 0.4, 0.3, 0.2 (seed 2); every other run 0.1, 0.1, 0.1. */
  function withLevels() {
    const r = recording();
    for (const v of r.variants)
      v.runs.forEach((run, s) => {
        run.baselineByDifficulty = levels([0, 0, 0]);
        const top: [number, number, number] =
          v.id === 'full' ? (s === 0 ? [0.3, 0.2, 0.1] : [0.4, 0.3, 0.2]) : [0.1, 0.1, 0.1];
        for (const x of run.summaries) x.byDifficulty = levels(top);
      });
    return r;
  }

  it('keeps the base model’s and every iteration’s accuracy per level through the file', () => {
    const r = withLevels();
    const back = decodeAblation(encodeAblation(r));
    expect(back.variants[0]?.runs[1]?.baselineByDifficulty).toEqual(levels([0, 0, 0]));
    expect(back.variants[0]?.runs[1]?.summaries[1]?.byDifficulty).toEqual(levels([0.4, 0.3, 0.2]));
  });

  it('refuses a per-level entry that is not a count and two shares', () => {
    const r = withLevels();
    (r.variants[1]?.runs[0]?.summaries[0]?.byDifficulty?.[2] as { accuracy: number }).accuracy = 1.5;
    expect(refusal(encodeAblation(r))).toMatchObject({ path: 'variants[1].runs[0].summaries[0]' });
    const s = withLevels();
    (s.variants[0]?.runs[1] as { baselineByDifficulty: unknown }).baselineByDifficulty = [{ difficulty: 1 }];
    expect(refusal(encodeAblation(s))).toMatchObject({ path: 'variants[0].runs[1]' });
  });

  it('measures the top three levels: the full run 0.2 and 0.3 (mean 0.25), the others 0.1, below its spread', () => {
    const rows = ablationRows(decodeAblation(encodeAblation(withLevels())));
    expect(rows[0]?.top?.perSeed.map((x) => Number(x.toFixed(12)))).toEqual([0.2, 0.3]);
    expect(rows[0]?.top?.mean).toBeCloseTo(0.25, 12);
    expect(rows[1]?.top?.difference).toBeCloseTo(-0.15, 12);
    expect(rows[1]?.top?.separation).toBe('below');
  });

  it('has no top-level measure for a recording made before the per-level results were kept', () => {
    expect(ablationRows(decodeAblation(encodeAblation(recording())))[0]?.top).toBeNull();
  });
});
