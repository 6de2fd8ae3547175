/**
 * The candidates a lesson prediction offers, picked for contrast, on hand-made traces whose right
 * picks are worked out by hand beside each case.
 */
import { describe, expect, it } from 'vitest';
import { groupChoices, rewardChoices, spread } from '../../../../src/ui/classroom/lesson-choices';

const q = (rollout: number, p: number) => ({ rollout, question: `q${rollout}`, p });
const rollouts = (cs: { rollout: number }[]) => cs.map((c) => c.rollout);

describe('the reward question’s candidates', () => {
  it('never offers four questions of the same p when the run has others', () => {
    // Distinct printed p: 1.00 (first r0), 0.50 (r5), 0.17 (r7). Nearest 0.5: r5; highest: r0;
    // lowest: r7; then the next rollout not yet offered, r1 (p = 1 again).
    const picked = rewardChoices([q(0, 1), q(1, 1), q(2, 1), q(3, 1), q(5, 0.5), q(7, 1 / 6)], null);
    expect(rollouts(picked)).toEqual([0, 1, 5, 7]);
    expect(new Set(picked.map((c) => c.p)).size).toBe(3);
  });

  it('on the classroom run’s first step: p = 0.5, p = 1, the lowest p and the broken contract', () => {
    // Rollout 4 broke its contract. Distinct p: 1 (r0), 0.5 (r6), 1/3 (r8), 2/3 (r17), 1/6 (r19), 5/6 (r24):
    // nearest 0.5 is r6, highest r0, lowest r19; the broken rollout takes the fourth place.
    const scored = [q(0, 1), q(1, 1), q(6, 0.5), q(8, 1 / 3), q(9, 1 / 3), q(17, 2 / 3), q(19, 1 / 6), q(24, 5 / 6)];
    expect(rewardChoices(scored, 4)).toEqual([
      q(0, 1),
      { rollout: 4, question: null, p: null },
      q(6, 0.5),
      q(19, 1 / 6),
    ]);
  });

  it('takes the next nearest 0.5 fourth when no contract broke, and treats p equal to two decimals as one', () => {
    // 0.501 and 0.5 print alike (0.50): one of them. Nearest: r1 (0.5), highest r3 (0.9), lowest r0 (0.1), next nearest r4 (0.7).
    expect(rollouts(rewardChoices([q(0, 0.1), q(1, 0.5), q(2, 0.501), q(3, 0.9), q(4, 0.7)], null))).toEqual([
      0, 1, 3, 4,
    ]);
  });

  it('adds no broken rollout beside a single question', () => {
    expect(rewardChoices([q(0, 0.5)], 3)).toEqual([q(0, 0.5)]);
  });
});

describe('the no-gradient question’s candidates', () => {
  const g = (group: number, rewards: number[]) => ({ group, rewards });

  it('offers the groups whose rewards are all equal (two at most), then the narrowest and widest spread', () => {
    // Equal: g3, g5, g6 → the first two, g3 and g5. Spreads of the rest: g0 0.1, g7 0.25, g2 0.27,
    // g4 0.6, g1 1.65: the narrowest g0, then the widest g1.
    const groups = [
      g(0, [0.1, 0.2, 0.15, 0.1]),
      g(1, [-1, 0.5, 0.6, 0.65]),
      g(2, [0.3, 0.57, 0.5, 0.4]),
      g(3, [0.2, 0.2, 0.2, 0.2]),
      g(4, [0, 0.6, 0.3, 0.3]),
      g(5, [-1, -1, -1, -1]),
      g(6, [0.5, 0.5, 0.5, 0.5]),
      g(7, [0.25, 0.1, 0, 0.2]),
    ];
    expect(groupChoices(groups).map((c) => c.group)).toEqual([0, 1, 3, 5]);
    expect(spread([0.25, 0.1, 0, 0.2])).toBeCloseTo(0.25, 12);
  });

  it('without an equal group alternates the narrowest and widest spreads (the classroom run’s first step)', () => {
    // Spreads: g0 0.100, g1 1.650, g2 0.267, g3 0.113, g4 0.600, g5 0.650, g6 0.600, g7 0.247.
    // Narrowest g0, widest g1, next narrowest g3, next widest g5.
    const groups = [
      g(0, [0.019, 0.037, 0.069, -0.031]),
      g(1, [-1.031, 0.569, 0.619, 0.069]),
      g(2, [0.34, 0.302, 0.569, 0.569]),
      g(3, [-0.031, 0.019, 0.019, -0.094]),
      g(4, [-0.031, 0.452, 0.569, 0.135]),
      g(5, [-0.031, 0.402, 0.619, 0.185]),
      g(6, [0.173, 0.402, 0.619, 0.019]),
      g(7, [0.185, 0.185, 0.019, -0.062]),
    ];
    expect(groupChoices(groups).map((c) => c.group)).toEqual([0, 1, 3, 5]);
  });

  it('offers every group when there are few', () => {
    expect(groupChoices([g(2, [1, 0]), g(0, [0, 0])]).map((c) => c.group)).toEqual([0, 2]);
  });
});
