/**
 * Traces written before the contract-parsing phase did the parsing (recorded runs, saved runs and
 * checkpoints made with an earlier build) still read:
 * - their `questioner-rollouts` records carried each rollout's parsed `question`, `answer` and
 *   `trueAnswer`; these move to the `contracts` of the `contract-parsing` record of the same
 *   iteration and step, and the rollouts keep `group` and `text`;
 * - their `executor-update` rollouts carried a `question` that always equals `group`; it is dropped.
 * Records already in the current shape come back as they are (the same objects).
 */
import { ProblemError } from '../../core/problem-error';
import type { PhaseRecord, QuestionerContract, QuestionerRollout } from '../loop/trace';

/** A questioner rollout as earlier builds wrote it. */
type OldRollout = QuestionerRollout & Partial<QuestionerContract>;

/** The current shape of every record of `trace`; throws when an old contract-parsing record has no rollouts before it. */
export function upgradeTrace(trace: readonly PhaseRecord[]): PhaseRecord[] {
  const contractsAt = new Map<string, QuestionerContract[]>();
  const at = (r: PhaseRecord) => `${r.iteration}:${r.step}`;
  return trace.map((r): PhaseRecord => {
    if (r.phase === 'questioner-rollouts' && r.rollouts.some((x) => 'question' in x)) {
      const old = r.rollouts as OldRollout[];
      contractsAt.set(
        at(r),
        old.map((x) => ({ question: x.question ?? null, answer: x.answer ?? null, trueAnswer: x.trueAnswer ?? null })),
      );
      return { ...r, rollouts: old.map((x) => ({ group: x.group, text: x.text })) };
    }
    if (r.phase === 'contract-parsing' && !Array.isArray((r as Partial<typeof r>).contracts)) {
      const contracts = contractsAt.get(at(r));
      if (!contracts) throw new ProblemError([{ kind: 'trace-damaged', iteration: r.iteration }]);
      return { ...r, contracts };
    }
    if (r.phase === 'executor-update' && r.rollouts.some((x) => 'question' in x)) {
      return {
        ...r,
        rollouts: r.rollouts.map(({ group, text, answer, reward, toolCalls }) => ({
          group,
          text,
          answer,
          reward,
          toolCalls,
        })),
      };
    }
    return r;
  });
}
