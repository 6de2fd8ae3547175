/** The rule-based process judge on hand-built trajectories (scores from the rules table, worked by hand). */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../src/core/repair/actions';
import type { RepairStep } from '../../../../src/core/repair/episode';
import { isRepetitionLoop, terminationClass } from '../../../../src/core/repair/episode';
import { processRules, processScores } from '../../../../src/core/repair/process';

const BROKEN = ['def f(a,b)', ' return a*b+3', 'assert f(2,5)==13'];
const FIXED = ['def f(a,b):', ' return a*b+3', 'assert f(2,5)==13'];
const truth = { defectLine: 1, fixedLine: 'def f(a,b):' };

/** A step with its before/after snippet and compile flags. */
function step(
  action: Action,
  before: string[],
  after: string[],
  compilesBefore: boolean,
  compilesAfter: boolean,
): RepairStep {
  return { action, text: '', tokenCount: 1, observation: '', before, after, compilesBefore, compilesAfter };
}

describe('process scores', () => {
  it('score a clean repair: check, fixing edit, check, submit', () => {
    const steps = [
      step({ kind: 'check' }, BROKEN, BROKEN, false, false),
      step({ kind: 'edit', line: 1, text: 'def f(a,b):' }, BROKEN, FIXED, false, true),
      step({ kind: 'check' }, FIXED, FIXED, true, true),
      step({ kind: 'submit' }, FIXED, FIXED, true, true),
    ];
    expect(processRules(steps, truth)).toEqual(['check', 'fixingEdit', 'check', 'verifiedSubmit']);
    expect(processScores(steps, truth)).toEqual([0.8, 1, 0.8, 0.9]);
  });

  it('score a re-check with nothing changed, a no-op edit and an unverified submit low', () => {
    const steps = [
      step({ kind: 'check' }, BROKEN, BROKEN, false, false),
      step({ kind: 'check' }, BROKEN, BROKEN, false, false),
      step({ kind: 'edit', line: 1, text: 'def f(a,b)' }, BROKEN, BROKEN, false, false),
      step({ kind: 'check' }, BROKEN, BROKEN, false, false),
      step(
        { kind: 'edit', line: 2, text: ' return a*b+4' },
        BROKEN,
        ['def f(a,b)', ' return a*b+4', BROKEN[2] as string],
        false,
        false,
      ),
      step({ kind: 'submit' }, BROKEN, BROKEN, false, false),
    ];
    // check 0.8 · redundant check 0.1 · no-op edit 0 · still redundant (the edit changed nothing) 0.1 ·
    // an edit of another line that leaves it broken 0.2 · submit after an unchecked change 0.3
    expect(processScores(steps, truth)).toEqual([0.8, 0.1, 0, 0.1, 0.2, 0.3]);
  });

  it('tell a breaking edit, a defect-line edit and runs apart', () => {
    const semTruth = { defectLine: 2, fixedLine: ' return a*b+3' };
    const wrong = ['def f(a,b):', ' return a+b+3', 'assert f(2,5)==13'];
    const guess = ['def f(a,b):', ' return a-b+3', 'assert f(2,5)==13'];
    const broken = ['def f(a,b):', ' return a-b+', 'assert f(2,5)==13'];
    const steps = [
      step({ kind: 'run' }, wrong, wrong, true, true),
      step({ kind: 'run' }, wrong, wrong, true, true),
      step({ kind: 'edit', line: 2, text: ' return a-b+3' }, wrong, guess, true, true),
      step({ kind: 'check' }, guess, guess, true, true),
      step({ kind: 'run' }, guess, guess, true, true),
      step({ kind: 'edit', line: 2, text: ' return a-b+' }, guess, broken, true, false),
      step({ kind: 'run' }, broken, broken, false, false),
      step({ kind: 'edit', line: 2, text: ' return a*b+3' }, broken, FIXED, false, true),
      step({ kind: 'malformed', text: 'hello' }, FIXED, FIXED, true, true),
      step({ kind: 'submit' }, FIXED, FIXED, true, true),
    ];
    expect(processRules(steps, semTruth)).toEqual([
      'runCompiling',
      'redundantRun',
      'defectLineEdit',
      'supersededCheck',
      'runCompiling',
      'breakingEdit',
      'runBroken',
      'fixingEdit',
      'malformed',
      'unverifiedSubmit',
    ]);
    expect(processScores(steps, semTruth)).toEqual([0.8, 0.1, 0.6, 0.3, 0.8, 0, 0.4, 1, 0, 0.3]);
  });

  it('credit writing the ground-truth line on a compiling snippet', () => {
    const semTruth = { defectLine: 2, fixedLine: ' return a*b+3' };
    const wrong = ['def f(a,b):', ' return a+b+3', 'assert f(2,5)==13'];
    const steps = [step({ kind: 'edit', line: 2, text: ' return a*b+3' }, wrong, FIXED, true, true)];
    expect(processScores(steps, semTruth)).toEqual([1]);
  });
});

describe('termination classes and repetition', () => {
  it('sorts causes into normal, degenerate and environment', () => {
    expect(['submit', 'eos'].map((t) => terminationClass(t as 'submit'))).toEqual(['normal', 'normal']);
    expect(terminationClass('repetition')).toBe('degenerate');
    expect(terminationClass('too-many-calls')).toBe('degenerate');
    expect(['context', 'sandbox-crash', 'timeout'].map((t) => terminationClass(t as 'context'))).toEqual([
      'environment',
      'environment',
      'environment',
    ]);
  });

  it('sees a loop only in the last `limit` actions', () => {
    expect(isRepetitionLoop(['check\n', 'check\n', 'check\n'], 3)).toBe(true);
    expect(isRepetitionLoop(['check\n', 'run\n', 'check\n'], 3)).toBe(false);
    expect(isRepetitionLoop(['run\n', 'check\n', 'check\n'], 3)).toBe(false);
    expect(isRepetitionLoop(['check\n', 'check\n'], 3)).toBe(false);
  });
});
