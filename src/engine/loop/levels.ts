/**
 * One iteration's figures by oracle level (`solveQuestion(q).difficulty`, src/core/tasks.ts): the
 * held-out evaluation's accuracy per level (phase 10, as the base's `byDifficulty`), and for the
 * questions the questioner wrote, how many of each level the pool holds (phase 6), the share in a
 * repeated BLEU cluster (phase 4) and the share the curation band admits (phase 8). Questions the
 * oracle cannot answer have no level and are left out of the by-level figures.
 */
import { DIFFICULTIES, type Difficulty, solveQuestion } from '../../core/tasks';
import type { EvaluationResult, PhaseName, RecordOf } from './trace';

/** The top three levels of the task family: the levels the climb is measured on (issue #59's "top three"). */
export const TOP_LEVELS: readonly Difficulty[] = DIFFICULTIES.slice(-3);

/** The held-out evaluation of one level: questions, share right against the oracle, share that ran a program. */
export type LevelEvaluation = EvaluationResult['byDifficulty'][number];

/** What the questioner wrote at one level in one iteration. */
export interface LevelMix {
  difficulty: Difficulty;
  /** Questions of this level in the question pool (phase 6). */
  pool: number;
  /** Contract-valid curriculum questions of this level, over the iteration's K curriculum steps. */
  written: number;
  /** #{written questions whose repetition cluster holds ≥ 2 questions} / written; null when none was written. */
  repeated: number | null;
  /** Self-labelled questions of this level (phase 7). */
  labelled: number;
  /** #{labelled questions inside the curation band} / labelled; null when none was labelled. */
  admitted: number | null;
}

/** The records of one iteration, by phase (as `IterationRecords.of`). */
type RecordsOf = <P extends PhaseName>(phase: P) => RecordOf<P>[];

/** The oracle level of a question, or null for one outside the task family. */
const levelOf = (question: string | null): Difficulty | null =>
  question === null ? null : (solveQuestion(question)?.difficulty ?? null);

/** n / d, null for d = 0. */
const share = (n: number, d: number): number | null => (d === 0 ? null : n / d);

/**
 * Every contract-valid curriculum question of the iteration with whether it is repeated: for each
 * curriculum step k, question i of that step's contract-parsing record is repeated when
 * #{j : cluster_j = cluster_i} ≥ 2 in the same step's curriculum-reward record.
 */
export function writtenQuestions(of: RecordsOf): { question: string; repeated: boolean }[] {
  const contractsAt = new Map(of('contract-parsing').map((r) => [r.step, r.contracts]));
  return of('curriculum-reward').flatMap((r) => {
    const contracts = contractsAt.get(r.step) ?? [];
    const sizes = new Map<number, number>();
    for (const p of r.parts) sizes.set(p.cluster, (sizes.get(p.cluster) ?? 0) + 1);
    return r.parts.flatMap((p) => {
      const question = contracts[p.rollout]?.question ?? null;
      return question === null ? [] : [{ question, repeated: (sizes.get(p.cluster) ?? 0) >= 2 }];
    });
  });
}

/** repeatedShare = #{repeated written questions} / #{written questions}; null when none was written. */
export function repeatedShare(of: RecordsOf): number | null {
  const written = writtenQuestions(of);
  return share(written.filter((w) => w.repeated).length, written.length);
}

/** The iteration's level mix, one entry per difficulty 1–7 (src/core/tasks.ts DIFFICULTIES). */
export function levelMix(of: RecordsOf): LevelMix[] {
  const pool = of('question-pool')
    .flatMap((r) => r.questions)
    .map((q) => levelOf(q.question));
  const written = writtenQuestions(of).map((w) => ({ level: levelOf(w.question), repeated: w.repeated }));
  const labelling = of('self-labelling').at(-1);
  const kept = new Set(of('curation').at(-1)?.keptIndices ?? []);
  const labelled = (labelling?.labels ?? []).map((l, i) => ({ level: levelOf(l.question), admitted: kept.has(i) }));
  return DIFFICULTIES.map((d) => {
    const w = written.filter((x) => x.level === d);
    const l = labelled.filter((x) => x.level === d);
    return {
      difficulty: d,
      pool: pool.filter((x) => x === d).length,
      written: w.length,
      repeated: share(w.filter((x) => x.repeated).length, w.length),
      labelled: l.length,
      admitted: share(l.filter((x) => x.admitted).length, l.length),
    };
  });
}
