/**
 * The executors a live run keeps for its Table 5 (coevolution.ts): the parameter file of the
 * executor (`TinyLM.save()`, exact) before training (iteration 0) and after the iterations
 * `tableSolvers` picks as the run grows: 0, 1, 3 and always the latest (at most four files, about
 * 0.7 MB each at the default sizes). A run loaded from a save or a checkpoint has only its latest
 * executor (a save keeps no earlier one), so from then on none is kept and its table cannot be
 * computed: `forTable` says why. Plain bytes, no tensors: nothing here needs disposing.
 */
import type { CoevolutionUnavailable } from '../../core/problems';
import { tableSolvers } from './coevolution';

export class ExecutorSnapshots {
  private readonly kept = new Map<number, Uint8Array>();
  /** The run was followed from its start (not loaded after an iteration). */
  private whole = false;

  /** A run from its start: `base` is its executor before training. */
  start(base: Uint8Array): void {
    this.kept.clear();
    this.kept.set(0, base);
    this.whole = true;
  }

  /** A run loaded with `done` iterations behind it; `executor()` gives its executor's file (used when `done` is 0). */
  async loaded(done: number, executor: () => Promise<Uint8Array>): Promise<void> {
    if (done === 0) this.start(await executor());
    else {
      this.kept.clear();
      this.whole = false;
    }
  }

  /** Whether every executor a table of this run needs is kept, or will be as it goes (false for a loaded run). */
  get complete(): boolean {
    return this.whole;
  }

  /** Whether the executor after an iteration is wanted (false for a loaded run: its table cannot be made whole). */
  get wanted(): boolean {
    return this.whole;
  }

  /** The executor after `iteration` (the iterations come in order); drops those no table of this run needs any more. */
  add(iteration: number, bytes: Uint8Array): void {
    if (!this.whole) return;
    this.kept.set(iteration, bytes);
    const needed = new Set(tableSolvers(iteration));
    for (const k of [...this.kept.keys()]) if (!needed.has(k)) this.kept.delete(k);
  }

  /** The iterations whose executor is kept, in order. */
  get iterations(): number[] {
    return [...this.kept.keys()].sort((a, b) => a - b);
  }

  /** Bytes held. */
  get bytes(): number {
    let n = 0;
    for (const b of this.kept.values()) n += b.length;
    return n;
  }

  /** The frozen executors of the table of a run of `done` iterations, in order, or why it cannot be made. */
  forTable(done: number): { solver: number; bytes: Uint8Array }[] | CoevolutionUnavailable {
    if (done < 1) return 'no-iteration';
    const rows = tableSolvers(done).map((solver) => ({ solver, bytes: this.kept.get(solver) }));
    if (!this.whole || rows.some((r) => r.bytes === undefined)) return 'executors-missing';
    return rows as { solver: number; bytes: Uint8Array }[];
  }
}
