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
  dispose(): void;
}
