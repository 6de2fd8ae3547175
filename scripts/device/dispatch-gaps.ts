/**
 * Dispatches per step, read off a page's engine worker (page-bench.ts counts every
 * `GPUComputePassEncoder.dispatchWorkgroups` call and notes the running count each time a marker
 * kernel starts: `A0GradNorm`, once per optimizer update, and `A0Sample`, once per token step).
 *
 * With m_1 < m_2 < … < m_n the counts noted at a marker's n calls, the gaps g_i = m_{i+1} − m_i
 * are the dispatches of one step each, except the gaps that span other work (a prefill, the phases
 * between two generations or two updates). The figure is the median of the gaps, which ignores
 * those as long as they are fewer than the gaps within a run of steps; null with fewer than two calls.
 */
export interface StepDispatches {
  /** The median gap, or null with fewer than two marker calls. */
  median: number | null;
  /** The smallest gap (a step without extra work), or null. */
  min: number | null;
  /** How many marker calls were seen. */
  calls: number;
}

export function stepDispatches(marks: readonly number[]): StepDispatches {
  const gaps = marks
    .slice(1)
    .map((m, i) => m - (marks[i] as number))
    .sort((a, b) => a - b);
  if (gaps.length === 0) return { median: null, min: null, calls: marks.length };
  const mid = gaps.length >> 1;
  const median =
    gaps.length % 2 === 1 ? (gaps[mid] as number) : ((gaps[mid - 1] as number) + (gaps[mid] as number)) / 2;
  return { median, min: gaps[0] as number, calls: marks.length };
}
