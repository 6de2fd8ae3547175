/**
 * The rows of the Tables 3 / 9 view and command line, read off a recorded ablation
 * (src/engine/studies/ablation-file.ts): per variant, held-out accuracy over its seeds at the last
 * iteration and averaged over the iterations, its difference from the full run, whether that
 * difference is outside the seeds' spread, and the paper's difference beside it. Nothing here is a
 * fixed number except the paper's (src/core/paper.ts), which ABLATION_VARIANTS carries.
 */
import { mean, type SeedSpread, type Separation, seedSpread, separation } from '../../core/stats';
import type { AblationRecording } from './ablation-file';
import { TOP_LEVELS } from '../loop/levels';
import type { IterationSummary } from '../loop/summary';
import { ABLATION_VARIANTS, type AblationId, type PaperScore } from './ablation-variants';

export interface AblationMeasure extends SeedSpread {
  /** mean(variant) − mean(full), as a share (×100 for points). */
  difference: number;
  separation: Separation;
}

export interface AblationRow {
  id: AblationId;
  /** Held-out accuracy after the last iteration. */
  final: AblationMeasure;
  /** Held-out accuracy averaged over iterations 1…N of each seed's run. */
  average: AblationMeasure;
  /**
   * Held-out accuracy after the last iteration on the top levels (TOP_LEVELS), the mean of their
   * per-level accuracies; null when a run of the recording predates the by-level figures.
   */
  top: AblationMeasure | null;
  paper: (PaperScore & { mathDifference: number; generalDifference: number }) | null;
}

/** mean over TOP_LEVELS of the summary's held-out accuracy per level; null without by-level figures. */
export function topAccuracy(s: IterationSummary | undefined): number | null {
  const top = s?.byDifficulty?.filter((d) => TOP_LEVELS.includes(d.difficulty as never));
  return top && top.length > 0 ? mean(top.map((d) => d.accuracy)) : null;
}

function measure(perSeed: number[], full: SeedSpread): AblationMeasure {
  const spread = seedSpread(perSeed);
  return { ...spread, difference: spread.mean - full.mean, separation: separation(spread, full) };
}

/** The table's rows, in ABLATION_VARIANTS order (the full run first, its differences 0). */
export function ablationRows(recording: AblationRecording): AblationRow[] {
  const of = (id: AblationId) => recording.variants.find((v) => v.id === id)?.runs ?? [];
  const finals = (id: AblationId) => of(id).map((r) => r.summaries.at(-1)?.heldOutAccuracy ?? 0);
  const averages = (id: AblationId) => of(id).map((r) => mean(r.summaries.map((s) => s.heldOutAccuracy ?? 0)));
  const tops = (id: AblationId) => of(id).map((r) => topAccuracy(r.summaries.at(-1)));
  const hasTop = ABLATION_VARIANTS.every((v) => tops(v.id).every((x) => x !== null));
  const fullTop = hasTop ? seedSpread(tops('full') as number[]) : null;
  const fullFinal = seedSpread(finals('full'));
  const fullAverage = seedSpread(averages('full'));
  return ABLATION_VARIANTS.map((v) => ({
    id: v.id,
    final: measure(finals(v.id), fullFinal),
    average: measure(averages(v.id), fullAverage),
    top: fullTop ? measure(tops(v.id) as number[], fullTop) : null,
    paper: v.paper
      ? {
          ...v.paper,
          mathDifference: v.paper.math - v.paper.fullMath,
          generalDifference: v.paper.general - v.paper.fullGeneral,
        }
      : null,
  }));
}

/** Held-out accuracy after the last iteration, or averaged over iterations 1…N of each seed's run. */
export type AblationMeasureKey = 'final' | 'average';

/** The facts the sentence under the figure is written from. */
export interface AblationFinding {
  key: AblationMeasureKey;
  /** Variants (not the full run) whose every seed lies below every seed of the full run. */
  below: AblationId[];
  /** Variants whose seed range overlaps the full run's: the seeds cannot tell them from it. */
  within: AblationId[];
  /** Variants whose every seed lies above every seed of the full run. */
  above: AblationId[];
  seeds: number;
  iterations: number;
  /** Held-out questions each evaluation scores. */
  questions: number;
}

/** Which variants lie below, within and above the full run's seed range under `key`, in registry order. */
export function ablationFinding(
  recording: AblationRecording,
  rows: readonly AblationRow[],
  key: AblationMeasureKey,
): AblationFinding {
  const others = rows.filter((r) => r.id !== 'full');
  const where = (s: AblationMeasure['separation']) => others.filter((r) => r[key].separation === s).map((r) => r.id);
  return {
    key,
    below: where('below'),
    within: where('within'),
    above: where('above'),
    seeds: recording.seeds.length,
    iterations: recording.iterations,
    questions: recording.questions,
  };
}
