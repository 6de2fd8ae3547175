/**
 * Learning rate at step i (0-based) of a pre-training run of `steps` steps: linear warm-up over
 * `warmup` steps to `peak`, then cosine decay from the peak to 0.1 · peak:
 *   i < warmup: peak · (i + 1) / warmup
 *   otherwise:  peak · (0.1 + 0.45 · (1 + cos(π · (i − warmup) / max(1, steps − warmup))))
 */
export function warmupCosine(i: number, steps: number, peak: number, warmup: number): number {
  if (i < warmup) return (peak * (i + 1)) / warmup;
  const progress = (i - warmup) / Math.max(1, steps - warmup);
  return peak * (0.1 + 0.45 * (1 + Math.cos(Math.PI * progress)));
}
