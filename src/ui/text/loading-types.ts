/** Words of the live page's loading bar (src/ui/shell/LoadingBar.svelte, steps in engine/load-steps.ts). */
import type { LoadStep } from '../../engine/load-steps';

export interface LoadingTexts {
  /** The bar's accessible name. */
  label: string;
  /** What each step loads or starts. */
  steps: Record<LoadStep, string>;
  /** Bytes received of the total (null: the total is not known yet). */
  bytes: (done: number, total: number | null) => string;
  /** Python runtimes started of those starting. */
  runtimes: (done: number, total: number) => string;
  /** A step that failed (Python's start: the first tool call starts it again). */
  failed: string;
  /** Steps over of all steps, before the names of those under way. */
  over: (done: number, total: number) => string;
}
