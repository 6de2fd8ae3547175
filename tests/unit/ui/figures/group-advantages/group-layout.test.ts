/** Where the group-advantage figure places each rollout (group-layout.ts). */
import { describe, expect, it } from 'vitest';
import { groupSlots } from '../../../../../src/ui/figures/group-advantages/group-layout';

describe('group layout', () => {
  it('lays out groups with a gap between them', () => {
    const { slots, step } = groupSlots(
      [
        { id: 0, rewards: [1, 2], mean: 0, std: 0, noSignal: false, advantages: [0, 0] },
        { id: 1, rewards: [3], mean: 0, std: 0, noSignal: false, advantages: [0] },
      ],
      138,
      10,
      1,
    );
    expect(step).toBe(32); // (138 − 10) / (3 rollouts + 1 gap)
    expect(slots.map((s) => s.x)).toEqual([26, 58, 122]);
  });
});
