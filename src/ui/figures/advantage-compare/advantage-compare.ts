/**
 * The executor's batch under both rules: GRPO advantages recomputed from the recorded rewards, next
 * to the ADPO advantages the update used. Â = g(s)·A, so each pair differs by its group's g(s).
 */
import { grpoAdvantages } from '../../../core/grpo';
import type { UpdateStats } from '../../../engine/loop/trace';

export interface AdvantagePair {
  group: number;
  member: number;
  reward: number;
  grpo: number;
  used: number;
}

export function advantagePairs(groups: UpdateStats['groups']): AdvantagePair[] {
  const rewards = groups.flatMap((g) => g.rewards);
  const ids = groups.flatMap((g) => g.rewards.map(() => g.id));
  const grpo = grpoAdvantages(rewards, ids).advantages;
  let i = 0;
  return groups.flatMap((g) =>
    g.rewards.map((reward, member) => ({
      group: g.id,
      member,
      reward,
      grpo: grpo[i++] as number,
      used: g.advantages[member] as number,
    })),
  );
}
