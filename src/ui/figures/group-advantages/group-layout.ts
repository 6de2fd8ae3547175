/** x positions of every rollout in group order, with a gap between groups. */
import type { UpdateStats } from '../../../engine/loop/trace';

export interface Slot {
  group: number;
  groupIndex: number;
  member: number;
  x: number;
}

export function groupSlots(
  groups: UpdateStats['groups'],
  width: number,
  left: number,
  gap = 0.8,
): { slots: Slot[]; step: number } {
  const units = groups.reduce((n, g) => n + g.rewards.length, 0) + gap * Math.max(0, groups.length - 1);
  const step = units > 0 ? (width - left) / units : 0;
  const slots: Slot[] = [];
  let u = 0;
  groups.forEach((g, gi) => {
    g.rewards.forEach((_, member) => {
      slots.push({ group: g.id, groupIndex: gi, member, x: left + (u + 0.5) * step });
      u += 1;
    });
    u += gap;
  });
  return { slots, step };
}
