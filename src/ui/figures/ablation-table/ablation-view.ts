/**
 * What the Tables 3 / 9 figure draws, read off the recorded ablation (src/engine/studies/ablation-file.ts)
 * and its rows (src/engine/studies/ablation-table.ts): the shipped recording fetched and checked, each
 * variant's settings as `section.key=value`, the accuracy axis from the drawn values, and the facts
 * of the sentence under the figure (which variants lie below, within or above the full run's seed
 * range; seeds, iterations and held-out questions). No number here is fixed but the paper's
 * (src/core/paper.ts).
 */
import { scaleLinear } from 'd3';
import { PAPER_TABLE3, PAPER_TABLE9 } from '../../../core/paper';
import { type AblationRecording, asAblation } from '../../../engine/studies/ablation-file';
import type { AblationMeasureKey, AblationRow } from '../../../engine/studies/ablation-table';
import { ABLATION_VARIANTS, type AblationId } from '../../../engine/studies/ablation-variants';
import { flattenSettings, formatSetting } from '../../../engine/files/config-diff';
import { fetchRecording } from '../../lib/fetch-recording';

/** Where the page finds the recording `npm run record:ablation` writes. */
export const ABLATION_URL = `${import.meta.env.BASE_URL}runs/coevolution-ablation.json`;

/** Fetch and check the recorded ablation; throws a ProblemError that says what is wrong. */
export async function fetchAblation(url: string = ABLATION_URL): Promise<AblationRecording> {
  return asAblation(await fetchRecording(url, 'tables-3-9', 'npm run record:ablation --'));
}

/** A variant's settings as written in the URL (`questioner.train=false`); none for the full run. */
export function variantSettings(id: AblationId): string[] {
  const v = ABLATION_VARIANTS.find((x) => x.id === id);
  return v ? flattenSettings(v.set).map(([path, value]) => `${path}=${formatSetting(value)}`) : [];
}

/** A difference as a share, in percentage points (×100). */
export const points = (share: number): number => share * 100;

/** Ticks the accuracy axis aims at (d3 picks a 1–2–5 step near span / 5). */
export const AXIS_TICKS = 5;

/**
 * The accuracy axis: from the lowest to the highest value any seed of any variant reached under
 * `key`, widened to multiples of the tick step (d3's `nice` for AXIS_TICKS ticks); a single value gets ±5 points around it.
 */
export function accuracyDomain(rows: readonly AblationRow[], key: AblationMeasureKey): [number, number] {
  const all = rows.flatMap((r) => r[key].perSeed);
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) [lo, hi] = [lo - 0.05, hi + 0.05];
  const [a, b] = scaleLinear()
    .domain([Math.max(0, lo), Math.min(1, hi)])
    .nice(AXIS_TICKS)
    .domain() as [number, number];
  return [a, b];
}

/** The full-Agent0 row of the paper's Table 3 or Table 9 (math, general; src/core/paper.ts). */
export function paperFull(table: 3 | 9): { math: number; general: number } {
  const { math, general } = table === 3 ? PAPER_TABLE3.full : PAPER_TABLE9.fourTurns;
  return { math, general };
}
