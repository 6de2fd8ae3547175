/**
 * What a figure's error boundary needs to stand in for the figures it guards: their names, titles
 * and widths. Svelte sends an error thrown while a view's own `$derived` re-computes to the boundary
 * around the *view* (the component that declared it), not to one inside the view's markup, so each
 * view is placed inside a FigureGuard, and every Figure drawn inside it registers here.
 */
import { getContext, setContext } from 'svelte';

export interface FigureFrame {
  view: string;
  title: string;
  wide: boolean;
}

const KEY = Symbol('figure-guard');

/** A guard's register of the figures drawn inside it (by view name; the latest title). */
export function guardFrames(): Map<string, FigureFrame> {
  const frames = new Map<string, FigureFrame>();
  setContext(KEY, frames);
  return frames;
}

/** The register of the guard this figure is drawn in (undefined outside any guard). */
export const enclosingFrames = (): Map<string, FigureFrame> | undefined => getContext(KEY);

/** The console's note of a figure that could not draw (the page says it in words). */
export function reportFigureError(views: string, error: unknown): void {
  console.warn(`Agent0 Lab: the figure "${views}" could not draw this run's data:`, error);
}
