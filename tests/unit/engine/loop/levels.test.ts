/**
 * The by-level figures of one iteration (src/engine/loop/levels.ts) on hand-made records: which
 * written questions sit in a repeated BLEU cluster, how many of each level the pool holds and what
 * share of each level the curation band admits, every number counted by hand below.
 */
import { describe, expect, it } from 'vitest';
import { levelMix, repeatedShare } from '../../../../src/engine/loop/levels';
import type { PhaseName, PhaseRecord, RecordOf } from '../../../../src/engine/loop/trace';

const at = { iteration: 2, ms: 1, backend: 'cpu', numTensors: 0 };
// Oracle levels (src/core/step-tasks.ts's table): 3 + 4 and 5 + 1 are level 1 (single-digit sums);
// 3 * 4 is level 2 (two literals up to 30, not a sum of digits); the step problem is level 4 (its
// first expression has three literals, one above 30 and none above 50; one more operand, 3);
// "hello world" is no question of the family.
const L1 = 'What is 3 + 4 ?';
const L1b = 'What is 5 + 1 ?';
const L2 = 'What is 3 * 4 ?';
const L4 = 'Let x = 40 + 2 + 7 . What is x * 3 ?';
const OTHER = 'hello world';

const contracts = (step: number, questions: (string | null)[]): PhaseRecord =>
  ({
    ...at,
    phase: 'contract-parsing',
    step,
    contracts: questions.map((question) => ({ question, answer: question === null ? null : '1', trueAnswer: null })),
    valid: questions.filter((q) => q !== null).length,
    total: questions.length,
    validRate: 0,
  }) as PhaseRecord;
const reward = (step: number, clusters: number[]): PhaseRecord =>
  ({
    ...at,
    phase: 'curriculum-reward',
    step,
    parts: clusters.map((cluster, rollout) => ({ rollout, cluster, uncertainty: 0, repetition: 0, tool: 0, total: 0 })),
    clusterCount: new Set(clusters).size,
    distances: [],
  }) as PhaseRecord;

/**
 * Step 0 writes L1, L1 (one cluster of two), L2 (alone), a violation and OTHER (a cluster of two with
 * the violation); step 1 writes L4 and L1b, each alone. Valid questions: 6, repeated: 3 (both L1 and OTHER).
 */
const records: PhaseRecord[] = [
  contracts(0, [L1, L1, L2, null, OTHER]),
  reward(0, [0, 0, 1, 2, 2]),
  contracts(1, [L4, L1b]),
  reward(1, [0, 1]),
  {
    ...at,
    phase: 'question-pool',
    step: 0,
    questions: [L1, L2, L4, L1b, OTHER].map((question) => ({ question, answer: '1' })),
    generated: 5,
  } as PhaseRecord,
  {
    ...at,
    phase: 'self-labelling',
    step: 0,
    labels: [L1, L1b, L2, L4, OTHER].map((question) => ({ question })),
  } as unknown as PhaseRecord,
  // The band keeps positions 1 (L1b), 2 (L2) and 4 (OTHER).
  {
    ...at,
    phase: 'curation',
    step: 0,
    kept: 3,
    dropped: 2,
    inBandShare: 0.6,
    band: [0.3, 0.8],
    keptIndices: [1, 2, 4],
  } as PhaseRecord,
];
const of = <P extends PhaseName>(phase: P) => records.filter((r): r is RecordOf<P> => r.phase === phase);

describe('the by-level figures of an iteration', () => {
  it('counts the share of valid written questions in a cluster of two or more: 3 of 6', () => {
    expect(repeatedShare(of)).toBe(0.5);
  });

  it('gives each level its pool count, repeated share and admitted share', () => {
    const mix = levelMix(of);
    expect(mix.map((m) => m.difficulty)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const none = { pool: 0, written: 0, repeated: null, labelled: 0, admitted: null };
    expect(mix).toEqual([
      { difficulty: 1, pool: 2, written: 3, repeated: 2 / 3, labelled: 2, admitted: 1 / 2 },
      { difficulty: 2, pool: 1, written: 1, repeated: 0, labelled: 1, admitted: 1 },
      { difficulty: 3, ...none },
      { difficulty: 4, pool: 1, written: 1, repeated: 0, labelled: 1, admitted: 0 },
      { difficulty: 5, ...none },
      { difficulty: 6, ...none },
      { difficulty: 7, ...none },
    ]);
  });

  it('has nothing to measure (null, drawn as a gap) in an iteration without curriculum records', () => {
    const empty = <P extends PhaseName>(_: P) => [] as RecordOf<P>[];
    expect(repeatedShare(empty)).toBeNull();
    expect(levelMix(empty).every((m) => m.pool === 0 && m.repeated === null && m.admitted === null)).toBe(true);
  });
});
