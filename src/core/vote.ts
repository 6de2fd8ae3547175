/** Self-consistency voting (docs/algorithms.md §2.2, §2.3). */
import { answersEquivalent } from './equivalence';

export interface VoteBucket {
  /** The first answer that opened the bucket (its representative). */
  answer: string;
  count: number;
  /** Positions (in the input) of the answers in this bucket. */
  members: number[];
}

export interface VoteResult {
  /** Majority answer; "" when there were no non-empty answers. */
  answer: string;
  count: number;
  /** count / number of non-empty answers (0 when there are none). */
  score: number;
  buckets: VoteBucket[];
}

/** The vote entry of a sample: its boxed answer, or "None" when it had no box (released rule). */
export function voteEntry(boxed: string | null): string {
  return boxed ?? 'None';
}

/**
 * Greedy bucketing in input order: each answer joins the first bucket whose representative it is
 * equivalent to, else opens a new one. Empty (after trimming) answers are dropped.
 * Majority = the largest bucket, ties to the first inserted; score s = max_count / #answers kept.
 */
export function majorityVote(answers: readonly string[]): VoteResult {
  const buckets: VoteBucket[] = [];
  let kept = 0;
  answers.forEach((raw, i) => {
    const a = raw.trim();
    if (a.length === 0) return;
    kept++;
    const bucket = buckets.find((b) => answersEquivalent(b.answer, a));
    if (bucket) {
      bucket.count++;
      bucket.members.push(i);
    } else {
      buckets.push({ answer: a, count: 1, members: [i] });
    }
  });
  if (kept === 0) return { answer: '', count: 0, score: 0, buckets };
  let best = buckets[0] as VoteBucket;
  for (const b of buckets) if (b.count > best.count) best = b;
  return { answer: best.answer, count: best.count, score: best.count / kept, buckets };
}

export interface ProxyScore {
  /** p after the gate. */
  p: number;
  /** max_count / candidates, before the gate. */
  rawP: number;
  majority: string;
  /** Whether the majority agrees with the questioner's own answer. */
  agrees: boolean;
  gated: boolean;
}

/** The gate's settings (`proxy.gate`, `proxy.gateMinP` of the run's config; defaults in core/config.ts). */
export interface ProxyGate {
  /** Apply the released gate. */
  enabled: boolean;
  /** p must exceed this to be kept. */
  minP: number;
}

/** Which of the gate's two tests a proxy result fails (docs/algorithms.md §2.3); p is kept only when it fails neither. */
export interface GateTests {
  /** The majority answer is not the questioner's own answer. */
  disagrees: boolean;
  /** p̂ ≤ minP. */
  tooLow: boolean;
}

/** The gate's tests on a result: disagrees = ¬agrees, tooLow = ¬(p̂ > minP). */
export function gateTests(agrees: boolean, rawP: number, minP: number): GateTests {
  return { disagrees: !agrees, tooLow: !(rawP > minP) };
}

/**
 * Solver-proxy self-consistency (docs/algorithms.md §2.3): p = max_count / candidates (the
 * denominator is always every candidate). With the gate on, p is kept only when the majority answer
 * is equivalent to the questioner's answer and p > minP (0.1 as released); otherwise p = 0.
 */
export function proxyScore(candidateAnswers: readonly string[], questionerAnswer: string, gate: ProxyGate): ProxyScore {
  const vote = majorityVote(candidateAnswers);
  const rawP = candidateAnswers.length > 0 ? vote.count / candidateAnswers.length : 0;
  const agrees = vote.count > 0 && answersEquivalent(vote.answer, questionerAnswer.trim());
  const failed = gateTests(agrees, rawP, gate.minP);
  const pass = !failed.disagrees && !failed.tooLow;
  const gated = gate.enabled && !pass;
  return { p: gated ? 0 : rawP, rawP, majority: vote.answer, agrees, gated };
}
