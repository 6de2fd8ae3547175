/**
 * Runs ablation variants one after another on one task set and seed: each variant starts from the
 * same pre-trained weights (a fresh optimizer, the pre-trained model as the frozen reference) and
 * meets the same tasks, injected failures and sampling streams in each iteration.
 */
import { type RepairConfig, type RepairVariant, validateRepairConfig, validateVariant } from '../core/repair/config';
import type { TinyLM } from '../model/model';
import type { RepairEnvironment } from './environment';
import { evaluateRepair, repairIteration } from './lab';
import type { EpisodeMetrics, RepairIterationRecord, RepairRunRecord } from './records';

export interface AblationHooks {
  /** A fresh model with the pre-trained weights (called twice per variant: policy and reference). */
  loadModel(): TinyLM;
  onIteration?(variant: RepairVariant, record: RepairIterationRecord): void;
  onBaseline?(metrics: EpisodeMetrics): void;
  /** Checked between iterations: true ends the run early (the records so far are kept). */
  shouldStop?(): boolean;
}

/** Every variant's run; the base model's evaluation is shared (it is the same for all). */
export async function runAblation(
  variants: readonly RepairVariant[],
  config: RepairConfig,
  env: RepairEnvironment,
  hooks: AblationHooks,
): Promise<RepairRunRecord[]> {
  validateRepairConfig(config);
  variants.forEach(validateVariant);
  const base = hooks.loadModel();
  let baseline: EpisodeMetrics;
  try {
    baseline = await evaluateRepair(base, env, config);
  } finally {
    base.dispose();
  }
  hooks.onBaseline?.(baseline);
  const runs: RepairRunRecord[] = [];
  for (const variant of variants) {
    const policy = hooks.loadModel();
    const reference = hooks.loadModel();
    const iterations: RepairIterationRecord[] = [];
    try {
      for (let i = 1; i <= config.iterations && !hooks.shouldStop?.(); i++) {
        const record = await repairIteration({ policy, reference }, env, config, variant, i);
        iterations.push(record);
        hooks.onIteration?.(variant, record);
      }
    } finally {
      policy.dispose();
      reference.dispose();
    }
    runs.push({ variant, baseline, iterations });
    if (hooks.shouldStop?.()) break;
  }
  return runs;
}
