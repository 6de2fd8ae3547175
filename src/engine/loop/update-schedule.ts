/**
 * The schedule and clip settings an update actually ran with, as the trace records them, so a view
 * can say how many optimizer updates the rollout batch got and what that means for ρ
 * (docs/algorithms.md §4.5): with one update ρ ≡ 1 and no clip can fire.
 */
import type { ClipLossSettings } from '../../core/config';
import type { PolicyUpdateResult } from '../../rl/policy-update';
import type { UpdateSchedule } from './trace';

/**
 * `updatesPerStep` is the setting, `updates` the optimizer updates that ran (fewer when the batch has
 * fewer sequences than the setting), `sequencesPerUpdate` the size of each mini-batch in order.
 * `epsHigh` is null when each sequence has its own ε_high (ADPO's ε_high(s)).
 */
export function updateSchedule(
  settings: Pick<ClipLossSettings, 'updatesPerStep' | 'epsLow' | 'epsHigh' | 'dualClip'>,
  result: Pick<PolicyUpdateResult, 'updates'>,
  perSequenceEpsHigh: boolean,
): UpdateSchedule {
  return {
    updatesPerStep: settings.updatesPerStep,
    updates: result.updates.length,
    sequencesPerUpdate: result.updates.map((u) => u.sequences),
    epsLow: settings.epsLow,
    epsHigh: perSequenceEpsHigh ? null : settings.epsHigh,
    dualClip: settings.dualClip,
  };
}
