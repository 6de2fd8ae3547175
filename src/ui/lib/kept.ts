/**
 * Kept or dropped, per self-labelled question, from the same iteration's curation record (null
 * while curation has not run yet).
 */
import type { PhaseRecord } from '../../engine/loop/trace';

type Curation = Extract<PhaseRecord, { phase: 'curation' }>;

export function keptFlags(count: number, curation: Curation | null): (boolean | null)[] {
  const kept = curation ? new Set(curation.keptIndices) : null;
  return Array.from({ length: count }, (_, i) => (kept ? kept.has(i) : null));
}
