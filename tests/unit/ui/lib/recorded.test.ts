import { describe, expect, it } from 'vitest';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { asRecordedRun } from '../../../../src/engine/files/recording';
import { iterationEnd, replayPosition } from '../../../../src/ui/lib/recorded';
import { makeConfig } from '../../../../src/core/config';
import { adpoTex, grpoTex, term } from '../../../../src/ui/lib/tex';

const rec = (iteration: number, phase: PhaseRecord['phase'], step = 0) => ({ iteration, phase, step }) as PhaseRecord;
const trace = [
  rec(1, 'questioner-rollouts'),
  rec(1, 'questioner-update'),
  rec(1, 'executor-update', 0),
  rec(1, 'executor-update', 1),
  rec(1, 'evaluation'),
  rec(2, 'questioner-rollouts'),
];

describe('replaying a recorded run', () => {
  it('knows the next phase after each record', () => {
    expect(replayPosition(trace, 0)).toEqual({
      iteration: 1,
      phase: 'questioner-rollouts',
      questionerStep: 0,
      executorStep: 0,
    });
    expect(replayPosition(trace, 3)).toEqual({
      iteration: 1,
      phase: 'executor-update',
      questionerStep: 0,
      executorStep: 1,
    });
    expect(replayPosition(trace, 6)).toEqual({
      iteration: 3,
      phase: 'questioner-rollouts',
      questionerStep: 0,
      executorStep: 0,
    });
  });

  it('finds the end of the current iteration', () => {
    expect(iterationEnd(trace, 0)).toBe(5);
    expect(iterationEnd(trace, 5)).toBe(6);
  });

  it('accepts only Agent0 Lab run files of version 1', () => {
    expect(() => asRecordedRun({ format: 'other' })).toThrow(/not an Agent0 Lab run/);
    expect(() => asRecordedRun({ format: 'agent0-lab-run', version: 2, trace: [], summaries: [] })).toThrow(
      /version 2/,
    );
    expect(asRecordedRun({ format: 'agent0-lab-run', version: 1, trace: [], summaries: [] }).trace).toEqual([]);
  });
});

describe('formulas with values', () => {
  it('wraps terms for hover and substitutes the numbers', () => {
    expect(term('A', 'A_i')).toBe('\\htmlData{term=A}{A_i}');
    expect(grpoTex(1, -0.5, 1, 1.5)).toContain('= \\frac{1.000 - (-0.500)}{1.000 + 10^{-6}} = 1.500');
    // s = 3/9: g = 0.627, ε_high = 0.293 (docs/algorithms.md §5.4 worked numbers)
    const tex = adpoTex(3 / 9, 0.6267, 0.2933, makeConfig('faithful').executor);
    expect(tex).toContain('= 0.627');
    expect(tex).toContain('= 0.293');
  });
});
