/**
 * The Curves' level maps: one grid of levels × iterations per by-level figure of the summaries
 * (src/engine/loop/summary.ts `LevelSummary`): the held-out accuracy per level (with the base model
 * as column 0), the pool's level mix, the share in repeated BLEU clusters and the share the curation
 * band admits. A cell without a value (nothing of that level, or a summary saved before the figure
 * existed) is null and drawn as a gap.
 */
import { DIFFICULTIES } from '../../core/tasks';
import type { IterationSummary } from '../../engine/loop/summary';
import type { EvaluationResult } from '../../engine/loop/trace';

/** One cell: a level at an iteration (0: the base model), its value in [0, 1] and what it counts. */
export interface LevelCell {
  difficulty: number;
  iteration: number;
  value: number | null;
  /** The questions behind the value (held-out questions, pool questions, written or labelled ones). */
  n: number;
}

export type LevelGridKind = 'accuracy' | 'pool' | 'repeated' | 'admitted';
export const LEVEL_GRIDS: readonly LevelGridKind[] = ['accuracy', 'pool', 'repeated', 'admitted'];

export interface LevelGrid {
  kind: LevelGridKind;
  /** The columns' iterations, in order (0 first when the base model is drawn). */
  iterations: number[];
  /** Row by row from the top: the highest level first. */
  levels: number[];
  cells: LevelCell[];
}

type Entry = { difficulty: number; value: number | null; n: number };

/** The entries of one summary for `kind`; null when the summary has no by-level figures. */
function entries(s: IterationSummary, kind: LevelGridKind): Entry[] | null {
  if (kind === 'accuracy')
    return (
      s.byDifficulty?.map((d) => ({ difficulty: d.difficulty, value: d.n > 0 ? d.accuracy : null, n: d.n })) ?? null
    );
  const levels = s.levels;
  if (!levels) return null;
  if (kind === 'pool') {
    // share_d = pool_d / Σ_d' pool_d' (the pool's questions the oracle places at a level).
    const total = levels.reduce((a, l) => a + l.pool, 0);
    return levels.map((l) => ({ difficulty: l.difficulty, value: total > 0 ? l.pool / total : null, n: l.pool }));
  }
  if (kind === 'repeated') return levels.map((l) => ({ difficulty: l.difficulty, value: l.repeated, n: l.written }));
  return levels.map((l) => ({ difficulty: l.difficulty, value: l.admitted, n: l.labelled }));
}

/**
 * The grid of `kind` over the summaries (and, for the accuracy, the base model's evaluation as
 * iteration 0): one cell per difficulty 1–7 and column.
 */
export function levelGrid(
  kind: LevelGridKind,
  summaries: readonly IterationSummary[],
  baseline: EvaluationResult | null,
): LevelGrid {
  const columns: { iteration: number; entries: Entry[] | null }[] = summaries.map((s) => ({
    iteration: s.iteration,
    entries: entries(s, kind),
  }));
  if (kind === 'accuracy' && baseline)
    columns.unshift({
      iteration: 0,
      entries: entries({ byDifficulty: baseline.byDifficulty } as IterationSummary, kind),
    });
  const levels = [...DIFFICULTIES].reverse();
  return {
    kind,
    iterations: columns.map((c) => c.iteration),
    levels,
    cells: columns.flatMap((c) =>
      levels.map((d) => {
        const e = c.entries?.find((x) => x.difficulty === d);
        return { difficulty: d, iteration: c.iteration, value: e?.value ?? null, n: e?.n ?? 0 };
      }),
    ),
  };
}
