/** The per-iteration figures of the command line's table and JSON, read off the trace. */
import { mean } from '../core/stats';
import type { PhaseRecord } from './trace';

export interface IterationSummary {
  iteration: number;
  heldOutAccuracy: number;
  /** Held-out accuracy on the hardest two difficulties and the tool use there. */
  hardAccuracy: number;
  hardToolUse: number;
  pseudoLabelAccuracy: number | null;
  questionerValidRate: number;
  meanP: number;
  inBandShare: number;
  clusterCount: number;
  toolUseRate: number;
  clipLowFrac: number;
  clipHighFrac: number;
  kl: number;
  seconds: number;
}

/** Figures of one iteration from its records (curriculum figures averaged over its K steps). */
export function summarizeIteration(records: PhaseRecord[]): IterationSummary {
  const of = <P extends PhaseRecord['phase']>(phase: P) =>
    records.filter((r): r is Extract<PhaseRecord, { phase: P }> => r.phase === phase);
  const evaluation = of('evaluation').at(-1);
  if (!evaluation) throw new Error('summarizeIteration: the iteration has no evaluation record.');
  const e = evaluation.result;
  const hard = e.byDifficulty.filter((d) => d.difficulty >= 4);
  const updates = [
    ...of('questioner-update').flatMap((r) => r.stats.updates),
    ...of('executor-update').flatMap((r) => r.stats?.updates ?? []),
  ];
  return {
    iteration: evaluation.iteration,
    heldOutAccuracy: e.accuracy,
    hardAccuracy: mean(hard.map((d) => d.accuracy)),
    hardToolUse: mean(hard.map((d) => d.toolUse)),
    pseudoLabelAccuracy: e.pseudoLabelAccuracy,
    questionerValidRate: mean(of('contract-parsing').map((r) => r.validRate)),
    meanP: mean(of('solver-proxy').map((r) => r.meanP)),
    inBandShare: mean(of('curation').map((r) => r.inBandShare)),
    clusterCount: mean(of('curriculum-reward').map((r) => r.clusterCount)),
    toolUseRate: e.toolUseRate,
    clipLowFrac: mean(updates.map((u) => u.clipLowFrac)),
    clipHighFrac: mean(updates.map((u) => u.clipHighFrac)),
    kl: mean(updates.map((u) => u.kl)),
    seconds: records.reduce((s, r) => s + r.ms, 0) / 1000,
  };
}
