/** Stacked reward parts of one rollout: R = U − w·pen + tool, drawn as signed segments from 0. */
import type { RewardParts } from '../../../engine/loop/trace';

export type PartName = 'uncertainty' | 'repetition' | 'tool';

export interface StackSegment {
  part: PartName;
  /** Signed contribution to R. */
  value: number;
  y0: number;
  y1: number;
}

/** Positive parts stack upward from 0, negative parts downward, in the order U, penalty, tool. */
export function stackParts(p: RewardParts, repetitionWeight: number): StackSegment[] {
  const values: [PartName, number][] = [
    ['uncertainty', p.uncertainty],
    ['repetition', -repetitionWeight * p.repetition],
    ['tool', p.tool],
  ];
  let up = 0;
  let down = 0;
  return values.map(([part, value]) => {
    if (value >= 0) {
      const seg = { part, value, y0: up, y1: up + value };
      up += value;
      return seg;
    }
    const seg = { part, value, y0: down, y1: down + value };
    down += value;
    return seg;
  });
}
