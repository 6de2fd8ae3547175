import type { PhaseRecord } from '../../engine/loop/trace';

/** What the controls drive: the engine worker (live) or a recorded run (replay); same buttons for both. */
export interface Driver {
  step(): void;
  iteration(): void;
  run(iterations: number): void;
  pause(): void;
  reset(): void;
  /** Live only: IndexedDB slot and export through the worker. */
  save?(): void;
  load?(): void;
  exportRun?(): void;
  /** The run on screen in UNIPO's run-log format, as a file download (live: so far; replay: the recording). */
  exportUnipo?(): void;
  /** Live only: the run as a file download (.a0run), and a run file to continue from. */
  saveFile?(): void;
  loadFile?(file: File): void;
  /** Live only, after the engine worker died: a new worker resumes from the automatic checkpoint. */
  resume?(): void;
  /** Live only, between iterations: go on as a new run with these `section.key=value` changes. */
  fork?(changes: string[]): void;
  /** Live only: Agent0's Table 5 of the run so far, computed in the worker from the executors it kept. */
  coevolution?(): void;
  /** Replay only: the recorded trace, in order (where an embedded figure's steps stop). */
  trace?: readonly PhaseRecord[];
  /** Replay only: the run as it stood after its first `played` records (an embedded figure's own steps). */
  seek?(played: number): void;
  dispose(): void;
}
