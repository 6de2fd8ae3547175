/**
 * The rule-based process judge [ours]: a score s_k ∈ [0, 1] for every step of a trajectory.
 * It sees what a strong judge would see: the step, the snippet before and after it, whether each
 * compiled, and the task's ground-truth repair (line and text). Rules, first match wins:
 *   malformed action ........................................... 0
 *   edit  no change (same text, or no such line) ............... 0
 *         removes the compile error (before ✗, after ✓) ......... 1
 *         writes the ground-truth line on the defect line ....... 1
 *         breaks compilation (before ✓, after ✗) ................ 0
 *         touches the defect line otherwise ..................... 0.6
 *         any other edit ........................................ 0.2
 *   check nothing changed since the last check or run .......... 0.1   (redundant re-check)
 *         the next step runs the unchanged snippet .............. 0.3   (the run compiles it anyway)
 *         otherwise ............................................. 0.8   (verification)
 *   run   nothing changed since the last run ................... 0.1
 *         snippet compiles ...................................... 0.8   (verification)
 *         snippet does not compile .............................. 0.4   (a check would do)
 *   submit after a check or run of the current snippet ......... 0.9   (verified)
 *          otherwise ............................................ 0.3
 * "Changed" means an edit that altered the text.
 */
import type { RepairStep } from './episode';

export const PROCESS_SCORES = {
  malformed: 0,
  noOpEdit: 0,
  fixingEdit: 1,
  groundTruthEdit: 1,
  breakingEdit: 0,
  defectLineEdit: 0.6,
  otherEdit: 0.2,
  redundantCheck: 0.1,
  supersededCheck: 0.3,
  check: 0.8,
  redundantRun: 0.1,
  runCompiling: 0.8,
  runBroken: 0.4,
  verifiedSubmit: 0.9,
  unverifiedSubmit: 0.3,
} as const;

export type ProcessRule = keyof typeof PROCESS_SCORES;

export interface GroundTruth {
  /** 1-based line of the defect. */
  defectLine: number;
  /** The repaired text of that line. */
  fixedLine: string;
}

const same = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The rule (see the file comment) that scores each step. */
export function processRules(steps: readonly RepairStep[], truth: GroundTruth): ProcessRule[] {
  let changedSinceCheckOrRun = true;
  let changedSinceRun = true;
  let checkedOrRunOnce = false;
  return steps.map((step, k): ProcessRule => {
    const a = step.action;
    switch (a.kind) {
      case 'malformed':
        return 'malformed';
      case 'edit': {
        if (same(step.before, step.after)) return 'noOpEdit';
        changedSinceCheckOrRun = true;
        changedSinceRun = true;
        if (!step.compilesBefore && step.compilesAfter) return 'fixingEdit';
        if (a.line === truth.defectLine && a.text === truth.fixedLine) return 'groundTruthEdit';
        if (step.compilesBefore && !step.compilesAfter) return 'breakingEdit';
        return a.line === truth.defectLine ? 'defectLineEdit' : 'otherEdit';
      }
      case 'check': {
        const redundant = checkedOrRunOnce && !changedSinceCheckOrRun;
        checkedOrRunOnce = true;
        changedSinceCheckOrRun = false;
        if (redundant) return 'redundantCheck';
        return steps[k + 1]?.action.kind === 'run' ? 'supersededCheck' : 'check';
      }
      case 'run': {
        const redundant = !changedSinceRun;
        checkedOrRunOnce = true;
        changedSinceCheckOrRun = false;
        changedSinceRun = false;
        if (redundant) return 'redundantRun';
        return step.compilesBefore ? 'runCompiling' : 'runBroken';
      }
      case 'submit':
        return checkedOrRunOnce && !changedSinceCheckOrRun ? 'verifiedSubmit' : 'unverifiedSubmit';
    }
  });
}

/** s_k for each step: PROCESS_SCORES of its rule. */
export function processScores(steps: readonly RepairStep[], truth: GroundTruth): number[] {
  return processRules(steps, truth).map((r) => PROCESS_SCORES[r]);
}
