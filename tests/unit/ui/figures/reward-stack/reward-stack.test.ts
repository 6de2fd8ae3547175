/** The reward stack's bars (reward-stack.ts). */
import { describe, expect, it } from 'vitest';
import { stackParts } from '../../../../../src/ui/figures/reward-stack/reward-stack';

describe('reward stack', () => {
  it('stacks reward parts: U up, penalty down, tool up from U', () => {
    const segs = stackParts({ rollout: 0, uncertainty: 0.3, repetition: 0.25, cluster: 0, tool: 0.05, total: 0.1 }, 1);
    expect(segs.map((s) => [s.part, s.y0, s.y1])).toEqual([
      ['uncertainty', 0, 0.3],
      ['repetition', 0, -0.25],
      ['tool', 0.3, 0.35],
    ]);
    // a violation: U = −1, penalty 1/16 with weight 2
    expect(
      stackParts({ rollout: 1, uncertainty: -1, repetition: 0.0625, cluster: 0, tool: 0, total: -1.125 }, 2).map(
        (s) => s.y1,
      ),
    ).toEqual([-1, -1.125, 0]);
  });
});
