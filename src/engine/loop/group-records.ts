/** The advantage groups of an update as the trace records them for the views. */
import type { GroupStats } from '../../core/grpo';
import type { UpdateStats } from './trace';

/** The view of each advantage group: its rewards, mean, std, flag and advantages. */
export function groupRecords(
  groups: readonly GroupStats[],
  rewards: readonly number[],
  advantages: readonly number[],
): UpdateStats['groups'] {
  return groups.map((g) => ({
    id: Number(g.id),
    rewards: g.indices.map((i) => rewards[i] as number),
    mean: g.mean,
    std: g.std,
    noSignal: g.noSignal,
    advantages: g.indices.map((i) => advantages[i] as number),
  }));
}
