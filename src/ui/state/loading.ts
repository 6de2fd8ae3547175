/**
 * The live page's start as the loading bar shows it: the latest report of each step (load-steps.ts),
 * and how much of the start that is. Each step counts as one unit, of which it has done
 *
 *   fraction(step) = done / total   (0 while the total is unknown or before its first report; 1 once failed)
 *
 * so the bar's value is Σ fraction over LOAD_STEPS, out of LOAD_STEPS.length: it moves only when a
 * step reports bytes, runtimes or its end, never on a timer.
 */
import { LOAD_STEPS, type LoadProgress, type LoadStep } from '../../engine/load-steps';

export type Loading = Partial<Record<LoadStep, LoadProgress>>;

/** `loading` with `report` as its step's latest. */
export function withReport(loading: Loading, report: LoadProgress): Loading {
  return { ...loading, [report.step]: report };
}

/** Whether a step is over: every unit done, or failed. */
export function stepOver(p: LoadProgress | undefined): boolean {
  return p !== undefined && (p.failed !== undefined || (p.total !== null && p.done >= p.total));
}

/** The share of a step done, 0…1 (see the file comment). */
export function stepFraction(p: LoadProgress | undefined): number {
  if (p === undefined) return 0;
  if (p.failed !== undefined) return 1;
  return p.total === null || p.total <= 0 ? 0 : Math.min(1, p.done / p.total);
}

/** The bar's value: Σ of the steps' fractions, out of `LOAD_STEPS.length`. */
export function loadingValue(loading: Loading): number {
  return LOAD_STEPS.reduce((sum, step) => sum + stepFraction(loading[step]), 0);
}

/** Steps over, of LOAD_STEPS.length. */
export function stepsOver(loading: Loading): number {
  return LOAD_STEPS.filter((step) => stepOver(loading[step])).length;
}

/** Whether the whole start is over (the bar goes). */
export function loadingOver(loading: Loading): boolean {
  return stepsOver(loading) === LOAD_STEPS.length;
}

/** The steps under way: reported and not over, or, before any report, the first not over (what
 *  the page waits for next), in LOAD_STEPS order. */
export function stepsUnderWay(loading: Loading): LoadStep[] {
  const started = LOAD_STEPS.filter((step) => loading[step] !== undefined && !stepOver(loading[step]));
  if (started.length > 0) return started;
  const next = LOAD_STEPS.find((step) => !stepOver(loading[step]));
  return next ? [next] : [];
}
