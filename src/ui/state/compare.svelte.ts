/**
 * What the compare view draws besides the run on screen: runs added from the shipped recordings or
 * from run files, which of all the runs are hidden or removed, and the iteration cursor (moved by
 * pointing at an iteration and by the narrated links). Nothing here draws.
 */
import type { Agent0Config, PresetName } from '../../core/config';
import { ProblemError, reportOf } from '../../core/problem-error';
import type { ProblemReport } from '../../core/problems';
import type { IterationSummary } from '../../engine/loop/summary';
import type { EvaluationResult } from '../../engine/loop/trace';
import { ONE_CHANGE_RUNS, type OneChangeId, PAIR_FILES, type PairSide } from '../../engine/studies/compare-pair';
import { readRunFile } from '../../engine/files/run-file';
import { missingAnswer } from '../lib/missing-answer';

export interface ComparedRun {
  /** Stable key: 'live', 'parent-N', 'intended', 'released', or the file's name. */
  id: string;
  /** Label; for the shipped pair and the run on screen the view words it in the page's language. */
  label: string;
  preset: PresetName | null;
  config: Agent0Config;
  baseline: EvaluationResult | null;
  summaries: IterationSummary[];
}

/**
 * A one-change run as the page found it: read (`run`), absent from the server (`missing`: its path),
 * or refused (`problem`: why). Each is found or refused on its own; none touches the pair.
 */
export type OneChangeLoad = { id: OneChangeId } & (
  { run: ComparedRun } | { missing: string } | { problem: ProblemReport }
);

export class CompareState {
  runs = $state.raw<ComparedRun[]>([]);
  hidden = $state.raw<string[]>([]);
  /** Runs taken off the view that the page supplies by itself (the run on screen, fork parents). */
  removed = $state.raw<string[]>([]);
  cursor = $state<number | null>(null);
  /** The shipped "as released" pair was asked for (`compare=released`). */
  pair = $state(false);
  /** Why the last add failed, or why the pair is absent; null when all is well. */
  problem = $state.raw<ProblemReport | null>(null);
  loading = $state(false);
  /** The files of the shipped pair that are absent (the page says so plainly); null when both are there. */
  missing = $state<string | null>(null);
  /** The one-change runs that back the story's attribution, once the pair is open (not drawn until added). */
  oneChange = $state.raw<OneChangeLoad[]>([]);

  add(run: ComparedRun): void {
    this.runs = [...this.runs.filter((r) => r.id !== run.id), run];
    this.removed = this.removed.filter((id) => id !== run.id);
    this.problem = null;
  }

  remove(id: string): void {
    this.runs = this.runs.filter((r) => r.id !== id);
    if (!this.removed.includes(id)) this.removed = [...this.removed, id];
  }

  restore(id: string): void {
    this.removed = this.removed.filter((r) => r !== id);
  }

  toggle(id: string): void {
    this.hidden = this.hidden.includes(id) ? this.hidden.filter((h) => h !== id) : [...this.hidden, id];
  }

  /** Fetch a run file served with the app and add it; a missing or bad file becomes `problem`. */
  async addServed(url: string, id: string, label: string): Promise<boolean> {
    this.loading = true;
    try {
      const res = await fetch(url);
      const missing = missingAnswer(res);
      if (missing !== null) throw new ProblemError([{ kind: 'served-missing', url, status: missing }]);
      const curves = readRunFile(new Uint8Array(await res.arrayBuffer()), url);
      this.add({ id, label, ...curves });
      return true;
    } catch (err) {
      this.problem = reportOf(err);
      return false;
    } finally {
      this.loading = false;
    }
  }

  /** Add a run file the reader picked (a recording or an .a0run). */
  async addFile(file: File): Promise<void> {
    try {
      const curves = readRunFile(new Uint8Array(await file.arrayBuffer()), file.name);
      this.add({ id: `file:${file.name}`, label: file.name, ...curves });
    } catch (err) {
      this.problem = reportOf(err);
    }
  }

  /**
   * Open exactly the shipped pair ("as intended", "as released"): the run on screen is taken off
   * the view. When either file is absent the view says so plainly and draws nothing.
   */
  async openPair(base: string): Promise<void> {
    this.pair = true;
    this.remove('live');
    const sides = Object.keys(PAIR_FILES) as PairSide[];
    const found = await Promise.all(
      sides.map(async (side) => {
        const bytes = await fetchShipped(`${base}runs/${PAIR_FILES[side]}`);
        return bytes ? { side, bytes } : null;
      }),
    );
    if (found.some((f) => f === null)) {
      this.missing = sides.map((s) => `public/runs/${PAIR_FILES[s]}`).join(', ');
      return;
    }
    try {
      for (const f of found as { side: PairSide; bytes: Uint8Array }[])
        this.add({ id: f.side, label: f.side, ...readRunFile(f.bytes, PAIR_FILES[f.side]) });
    } catch (err) {
      this.problem = reportOf(err);
      return;
    }
    this.oneChange = await Promise.all(ONE_CHANGE_RUNS.map((r) => loadOneChange(base, r.id, r.file)));
  }
}

/**
 * The bytes of a shipped recording, or null when the server has none: an error status, no answer,
 * or an HTML page in its place (a host that answers every unknown path with the app's page).
 */
async function fetchShipped(url: string): Promise<Uint8Array | null> {
  const res = await fetch(url).catch(() => null);
  if (!res || missingAnswer(res) !== null) return null;
  return new Uint8Array(await res.arrayBuffer());
}

/** Fetch and read one one-change run; an absent or bad file is said, not thrown. */
async function loadOneChange(base: string, id: OneChangeId, file: string): Promise<OneChangeLoad> {
  const bytes = await fetchShipped(`${base}runs/${file}`).catch(() => null);
  if (!bytes) return { id, missing: `public/runs/${file}` };
  try {
    return { id, run: { id, label: id, ...readRunFile(bytes, file) } };
  } catch (err) {
    return { id, problem: reportOf(err) };
  }
}
