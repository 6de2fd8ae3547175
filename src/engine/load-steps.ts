/**
 * The steps of the live page's start, in the order the page lists them. `code` is the engine
 * worker's script (done when the worker acknowledges `init`); the worker reports the others
 * (worker.ts), each when it really starts and ends. Ready follows `run`; the warm-up (a throwaway
 * training step and generation turn) comes after it, before any command runs. Python starts beside
 * the rest and may finish after Ready: the first tool call waits for it, and the page says so
 * (`python-starting`).
 */
export const LOAD_STEPS = ['code', 'model', 'backend', 'run', 'warm-up', 'python'] as const;

export type LoadStep = (typeof LOAD_STEPS)[number];

/**
 * How far one step has got: `done` of `total` units (bytes of the base model, Python runtimes
 * started, 0 or 1 for the others); `total` null while it is unknown (a compressed download whose
 * length the response does not give); `failed` says why it stopped.
 */
export interface LoadProgress {
  step: LoadStep;
  done: number;
  total: number | null;
  failed?: string;
}
