/**
 * The repair ablation over several seeds. A recording keeps one seed's runs whole (every
 * iteration's group, for the views) and, for each other seed of the same settings, only the
 * held-out numbers after each iteration: what the seeds table and the paper's orderings need.
 */
import { mean } from '../core/stats';
import type { HeldOutMetrics, RepairRunRecord } from './records';

/** One seed's run of the ablation, reduced to its held-out numbers. */
export interface RepairSeedRecord {
  seed: number;
  minutes: number;
  /** The model before training (the same checkpoint for every variant). */
  baseline: HeldOutMetrics;
  /** One entry per variant, in the order of the recording's runs: held-out numbers after each iteration. */
  variants: { name: string; eval: HeldOutMetrics[] }[];
}

/** The held-out numbers of a set of episodes, without the counts and shares the seeds do not keep. */
export function heldOut(m: HeldOutMetrics): HeldOutMetrics {
  return { compileRate: m.compileRate, strictAccuracy: m.strictAccuracy, meanSteps: m.meanSteps };
}

/** A whole recorded seed reduced to its seed record. */
export function seedRecordOf(seed: number, minutes: number, runs: readonly RepairRunRecord[]): RepairSeedRecord {
  return {
    seed,
    minutes,
    baseline: heldOut((runs[0] as RepairRunRecord).baseline),
    variants: runs.map((r) => ({ name: r.variant.name, eval: r.iterations.map((it) => heldOut(it.eval)) })),
  };
}

/** A variant's (or the model before training's, `base`) strict accuracy after the last iteration, in one seed. */
export function finalStrict(seed: RepairSeedRecord, name: string): number | null {
  if (name === 'base') return seed.baseline.strictAccuracy;
  const v = seed.variants.find((x) => x.name === name);
  return v ? (v.eval.at(-1)?.strictAccuracy ?? seed.baseline.strictAccuracy) : null;
}

/** Mean strict accuracy of a variant's last five iterations (all of them when fewer), in one seed. */
export function lastFiveStrict(seed: RepairSeedRecord, name: string): number | null {
  const v = seed.variants.find((x) => x.name === name);
  return v ? mean(v.eval.slice(-5).map((m) => m.strictAccuracy)) : null;
}
