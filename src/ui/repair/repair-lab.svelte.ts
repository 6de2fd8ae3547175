/**
 * The repair lab page's state (independent of the Agent0 run): the recorded ablation, fetched once;
 * the live run of this tab; and the variant and iteration the reader chose. RepairChapter.svelte
 * draws it and its views read from it.
 */
import { reportOf } from '../../core/problem-error';
import type { ProblemReport } from '../../core/problems';
import { recordedSeeds, type RepairRunFile } from '../../repair/recording';
import type { RepairIterationRecord, RepairRunRecord } from '../../repair/records';
import { RepairLive } from './repair-live.svelte';
import { fetchRepairRun } from './repair-run';
import { runStyles } from './repair-views';

export class RepairLab {
  /** The recorded ablation, once fetched and checked. */
  file = $state.raw<RepairRunFile | null>(null);
  /** Why the recorded ablation could not be read (the page words it in its language). */
  error = $state.raw<ProblemReport | null>(null);
  /** The variant on screen: an index into `runs`. */
  variant = $state(0);
  /** The iteration asked for, an index into the variant's iterations (`at` keeps it inside them). */
  position = $state(0);
  readonly live = new RepairLive();
  /** The page's word that marks the live run's variant name (its language may change). */
  private readonly livePrefix: () => string;

  constructor(livePrefix: () => string) {
    this.livePrefix = livePrefix;
  }

  /** Fetch the recorded ablation (the shipped one unless `fetch` is given); a failure is kept in `error`. */
  load(fetch: () => Promise<RepairRunFile> = fetchRepairRun): Promise<void> {
    return fetch().then(
      (f) => void (this.file = f),
      (e: unknown) => void (this.error = reportOf(e)),
    );
  }

  /** The recorded variants, then the live run (if any iteration finished) as one more variant. */
  readonly runs = $derived.by((): RepairRunRecord[] => {
    if (!this.file) return [];
    const l = this.live.run;
    return l
      ? [...this.file.runs, { ...l, variant: { ...l.variant, name: `${this.livePrefix()} · ${l.variant.name}` } }]
      : this.file.runs;
  });
  /** Line colour and dash of each run in `runs`: the live run has its own colour, never a recorded one's. */
  readonly styles = $derived(runStyles(this.runs, this.file?.runs.length ?? 0, this.live.run?.variant.name));
  /** Every seed of the recording, the recorded one first (the live run is not one of them). */
  readonly seeds = $derived(this.file ? recordedSeeds(this.file) : []);
  /** The variant on screen (the last one when `variant` is past the end). */
  readonly run = $derived<RepairRunRecord | undefined>(this.runs[Math.min(this.variant, this.runs.length - 1)]);
  /** The variant a live run trains: the selected recorded one, or the live run's own. */
  readonly recordedName = $derived(
    (this.file && this.variant < this.file.runs.length
      ? this.file.runs[this.variant]?.variant.name
      : this.live.run?.variant.name) ?? '',
  );
  /** Iterations of the variant on screen. */
  readonly count = $derived(this.run?.iterations.length ?? 0);
  /** The iteration on screen: `position` kept inside 0 … count − 1. */
  readonly at = $derived(Math.max(0, Math.min(this.position, this.count - 1)));
  readonly rec = $derived<RepairIterationRecord | undefined>(this.run?.iterations[this.at]);

  /** Step to iteration index `i`, kept inside the variant's iterations. */
  go(i: number): void {
    this.position = Math.max(0, Math.min(i, this.count - 1));
  }

  /** Stop the live run's worker (the page is leaving). */
  dispose(): void {
    this.live.dispose();
  }
}
