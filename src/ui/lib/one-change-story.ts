/**
 * The facts of the story's attribution ("which setting costs what"), gathered from the shipped
 * pair and the one-change runs the page found; the words are the compare texts'. Pure: it reads
 * the runs given, fetches nothing.
 */
import type { Agent0Config } from '../../core/config';
import type { ProblemReport } from '../../core/problems';
import { configDiff, flattenSettings } from '../../engine/files/config-diff';
import {
  type ChangeCost,
  changeCost,
  heldOutQuestions,
  largestCost,
  unexpectedSettings,
} from '../../engine/studies/one-change-costs';
import type { IterationSummary } from '../../engine/loop/summary';
import { ONE_CHANGE_RUNS, type OneChangeId } from '../../engine/studies/compare-pair';
import type { OneChangeLoad } from '../state/compare.svelte';

interface PairRun {
  config: Agent0Config;
  summaries: IterationSummary[];
}

/** One one-change run the story can tell: its changed settings as `path=value` and its cost. */
export interface ToldChange {
  id: OneChangeId;
  settings: string;
  cost: ChangeCost;
}

export interface OneChangeStory {
  /** Held-out questions of each evaluation (n of the standard error). */
  heldOut: number;
  /** How many settings the pair differs in, besides `release.mode` itself. */
  pairDiffers: number;
  /** The pair itself: "as released" against "as intended". */
  together: ChangeCost | null;
  changes: ToldChange[];
  /** The one-change run that costs the most beyond noise; null when none does. */
  largest: OneChangeId | null;
  /** Settings in which the pair differs that no told run changes alone (their part is not measured). */
  untold: string[];
  /** Paths of one-change files absent from the server. */
  missing: string[];
  /** Files refused as unreadable. */
  refused: { id: OneChangeId; problem: ProblemReport }[];
  /** Files read but not "as intended" with exactly their change: the settings that are off (none
   *  listed: the run shares no iteration with "as intended"). */
  mismatched: { id: OneChangeId; settings: string[] }[];
}

/**
 * The attribution of the pair's gap to the one-change runs found: each run's cost (changeCost) on
 * the held-out questions of "as intended", the largest beyond noise (largestCost), and every
 * setting of the pair's difference that no told run covers. A run whose settings are not exactly
 * "as intended" plus its change is not told but listed as mismatched.
 */
export function oneChangeStory(intended: PairRun, released: PairRun, loads: readonly OneChangeLoad[]): OneChangeStory {
  const heldOut = heldOutQuestions(intended.config);
  const changes: ToldChange[] = [];
  const mismatched: OneChangeStory['mismatched'] = [];
  for (const load of loads) {
    if (!('run' in load)) continue;
    const def = ONE_CHANGE_RUNS.find((r) => r.id === load.id);
    if (!def) continue;
    const off = unexpectedSettings(intended.config, load.run.config, def.set);
    const cost = changeCost(intended.summaries, load.run.summaries, heldOut);
    if (off.length > 0 || !cost) {
      mismatched.push({ id: load.id, settings: off });
      continue;
    }
    const settings = flattenSettings(def.set)
      .map(([path, value]) => `${path}=${String(value)}`)
      .join(', ');
    changes.push({ id: load.id, settings, cost });
  }
  const covered = new Set(
    changes.flatMap((c) => flattenSettings(ONE_CHANGE_RUNS.find((r) => r.id === c.id)?.set).map(([p]) => p)),
  );
  // `release.mode` is the switch that sets the others, not a behaviour of its own.
  const pairDiff = configDiff([intended.config, released.config])
    .map((d) => d.path)
    .filter((p) => p !== 'release.mode');
  return {
    heldOut,
    pairDiffers: pairDiff.length,
    together: changeCost(intended.summaries, released.summaries, heldOut),
    changes,
    largest: largestCost(changes)?.id ?? null,
    untold: pairDiff.filter((p) => !covered.has(p)),
    missing: loads.flatMap((l) => ('missing' in l ? [l.missing] : [])),
    refused: loads.flatMap((l) => ('problem' in l ? [{ id: l.id, problem: l.problem }] : [])),
    mismatched,
  };
}
