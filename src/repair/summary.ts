/** Per-variant figures of an ablation run: the curves and the final numbers the table prints. */
import { mean } from '../core/stats';
import type { HeldOutMetrics, RepairIterationRecord, RepairRunRecord } from './records';
import { heldOut } from './seeds';

export interface VariantSummary {
  variant: string;
  baseline: HeldOutMetrics;
  final: HeldOutMetrics;
  /** Mean held-out strict accuracy over the last five iterations (less noisy than the last one). */
  lastFiveStrict: number;
  bestStrict: number;
  /** Share of training samples masked (any cause) over the run. */
  maskedShare: number;
  /** Share of training episodes that ended in an environment failure, and in a degeneration (masked or not). */
  environmentShare: number;
  degenerateShare: number;
  curves: {
    compileRate: number[];
    strictAccuracy: number[];
    meanSteps: number[];
    maskedShare: number[];
    trainReward: number[];
  };
}

/** Share of an iteration's training samples whose loss was masked, any cause. */
export function maskedShare(it: RepairIterationRecord): number {
  return it.train.masked.environment + it.train.masked.degenerate;
}

/** The summary of one variant's run (see VariantSummary). */
export function summarizeRun(run: RepairRunRecord): VariantSummary {
  const it = run.iterations;
  const last = it[it.length - 1];
  const masked = it.map(maskedShare);
  const strict = it.map((r) => r.eval.strictAccuracy);
  const tail = strict.slice(-5);
  const term = it.map((r) => r.train.terminations);
  return {
    variant: run.variant.name,
    baseline: heldOut(run.baseline),
    final: last ? heldOut(last.eval) : heldOut(run.baseline),
    lastFiveStrict: tail.length ? tail.reduce((a, b) => a + b, 0) / tail.length : run.baseline.strictAccuracy,
    bestStrict: Math.max(run.baseline.strictAccuracy, ...strict),
    maskedShare: mean(masked),
    environmentShare: mean(term.map((t) => t.context + t['sandbox-crash'] + t.timeout)),
    degenerateShare: mean(term.map((t) => t.repetition + t['too-many-calls'])),
    curves: {
      compileRate: it.map((r) => r.eval.compileRate),
      strictAccuracy: strict,
      meanSteps: it.map((r) => r.eval.meanSteps),
      maskedShare: masked,
      trainReward: it.map((r) => r.train.meanReward),
    },
  };
}
