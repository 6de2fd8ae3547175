/**
 * Forks in the address: each change a fork made is one `fork=AT:section.key=value` parameter (AT:
 * the iterations the parent had finished), so `?preset=tiny&fork=1:executor.klCoef=0.05` recreates
 * the run: the parent's settings for one iteration, then the fork with that change. AT is at most
 * the Run box's cap (`MAX_RUN_ITERATIONS`); nothing runs until the reader asks (shell/LinkOverrides.svelte).
 */
import type { Problem } from '../../core/problems';
import { MAX_RUN_ITERATIONS } from './settings';

export interface ForkStep {
  /** Iterations the parent had finished when it was forked. */
  at: number;
  changes: string[];
}

/** "1:executor.klCoef=0.05" entries → fork steps in order of `at` (changes of one `at` together). */
export function readForks(entries: readonly string[]): { steps: ForkStep[]; problems: Problem[] } {
  const steps: ForkStep[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const m = /^(\d+):(.+)$/.exec(entry);
    if (!m || Number(m[1]) < 1) {
      problems.push({ kind: 'fork-url-syntax', entry });
      continue;
    }
    const at = Number(m[1]);
    if (at > MAX_RUN_ITERATIONS) {
      problems.push({ kind: 'fork-url-too-far', entry, limit: MAX_RUN_ITERATIONS });
      continue;
    }
    const step = steps.find((s) => s.at === at);
    if (step) step.changes.push(m[2] as string);
    else steps.push({ at, changes: [m[2] as string] });
  }
  return { steps: steps.sort((a, b) => a.at - b.at), problems };
}

/** Fork steps → address entries (the inverse of `readForks`). */
export function writeForks(steps: readonly ForkStep[]): string[] {
  return steps.flatMap((s) => s.changes.map((c) => `${s.at}:${c}`));
}
