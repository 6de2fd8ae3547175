/**
 * The guided lesson's predictions: a question built from the run's own trace just before the phase
 * that decides it, and the answer read from that phase's record once it has run. Nothing here
 * recomputes what the engine decided: the answer is the record's own numbers (the rewards, the
 * `noSignal` flags, the kept positions, the clip fractions), the same ones the figures draw.
 *
 * Each prediction is asked when the run's last record is the `ask` phase, so the next phase to run is
 * the one that decides it (`reveal`); the question is pinned to that iteration and questioner step.
 */
import type { PhaseName, PhaseRecord, RecordOf, RewardParts } from '../../engine/loop/trace';
import type { HeldRecord } from '../state/held-records';
import { type RewardCandidate, groupChoices, rewardChoices } from './lesson-choices';

export type PredictionKind = 'top-reward' | 'no-gradient' | 'curation' | 'clip';

/** The phase whose record builds the question, and the phase right after it that decides it. */
export const PREDICTION_PHASES: Record<PredictionKind, { ask: PhaseName; reveal: PhaseName }> = {
  'top-reward': { ask: 'solver-proxy', reveal: 'curriculum-reward' },
  'no-gradient': { ask: 'curriculum-reward', reveal: 'questioner-update' },
  curation: { ask: 'self-labelling', reveal: 'curation' },
  clip: { ask: 'curation', reveal: 'executor-update' },
};

/** Where a question was asked: its iteration and questioner step (executor phases: step 0). */
interface Where {
  iteration: number;
  step: number;
}

/** A question to the class, with the data its choices show. */
export type Ask =
  | (Where & { kind: 'top-reward'; choices: RewardCandidate[] })
  | (Where & { kind: 'no-gradient'; choices: { group: number; rewards: number[] }[] })
  | (Where & {
      kind: 'curation';
      /** Position of the question in the self-labelling record. */
      index: number;
      question: string;
      buckets: { answer: string; count: number }[];
      votes: number;
    })
  | (Where & { kind: 'clip'; updates: number });

/** The answer, with the numbers of the deciding record that decided it. */
export type Reveal =
  | { kind: 'top-reward'; parts: RewardParts[]; best: number[] }
  | { kind: 'no-gradient'; groups: { group: number; std: number; noSignal: boolean }[]; answer: number[] }
  | { kind: 'curation'; kept: boolean; score: number; band: [number, number] }
  | {
      kind: 'clip';
      fractions: { low: number; high: number; dual: number }[];
      /** 1-based update at which ρ first left the band, or null when it never did. */
      first: number | null;
    };

type Full = PhaseRecord;
const isFull = (r: HeldRecord): r is Full => !('released' in r);

/** The whole record of `phase` at this iteration and questioner step, or null. */
function recordAt<P extends PhaseName>(records: readonly HeldRecord[], phase: P, at: Where): RecordOf<P> | null {
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i] as HeldRecord;
    if (r.phase === phase && r.iteration === at.iteration && stepOf(r) === at.step && isFull(r))
      return r as RecordOf<P>;
  }
  return null;
}

/** The questioner step a record belongs to (the executor's phases come after every questioner step). */
const stepOf = (r: Pick<PhaseRecord, 'phase' | 'step'>): number =>
  r.phase === 'executor-update' || r.phase === 'evaluation' ? 0 : r.step;

/** Where the reveal record of a question asked at `at` is: the executor's update counts step 0. */
const revealWhere = (kind: PredictionKind, at: Where): Where =>
  PREDICTION_PHASES[kind].reveal === 'executor-update' ? { iteration: at.iteration, step: 0 } : at;

/** The run's settings a question is built with. */
export interface AskSettings {
  /** `executor.updatesPerStep`: the choices of the clip question. */
  updates: number;
  /** `curation.minScore`, `curation.maxScore`: which question the curation question picks. */
  band: readonly [number, number];
}

/**
 * The question of this kind if the run stands right before the phase that decides it (its last
 * record is the `ask` phase), else null.
 */
export function openAsk(kind: PredictionKind, records: readonly HeldRecord[], settings: AskSettings): Ask | null {
  const last = records.at(-1);
  if (!last || !isFull(last) || last.phase !== PREDICTION_PHASES[kind].ask) return null;
  const at: Where = { iteration: last.iteration, step: stepOf(last) };
  switch (kind) {
    case 'top-reward':
      return topRewardAsk(records, at);
    case 'no-gradient':
      return noGradientAsk(records, at);
    case 'curation':
      return curationAsk(last as RecordOf<'self-labelling'>, at, settings.band);
    case 'clip':
      return settings.updates > 0 ? { kind, ...at, updates: settings.updates } : null;
  }
}

/**
 * Rollouts picked for contrast (lesson-choices.ts): questions with distinct p from the rollouts whose
 * contract held (the first rollout of each question), and the first rollout that broke its contract.
 */
function topRewardAsk(records: readonly HeldRecord[], at: Where): Ask | null {
  const contracts = recordAt(records, 'contract-parsing', at);
  const proxy = recordAt(records, 'solver-proxy', at);
  if (!contracts || !proxy) return null;
  const scored: RewardCandidate[] = [];
  for (const result of proxy.results) {
    const question = contracts.contracts[result.rollout]?.question;
    if (!question || scored.some((c) => c.question === question)) continue;
    scored.push({ rollout: result.rollout, question, p: result.p });
  }
  const proxied = new Set(proxy.results.map((r) => r.rollout));
  const broken = contracts.contracts.findIndex((c, i) => !c.question && !proxied.has(i));
  const choices = rewardChoices(scored, broken < 0 ? null : broken);
  return choices.length >= 2 ? { kind: 'top-reward', ...at, choices } : null;
}

/** Questioner groups with the rewards their rollouts just received (the curriculum reward's totals), picked for contrast (lesson-choices.ts). */
function noGradientAsk(records: readonly HeldRecord[], at: Where): Ask | null {
  const rollouts = recordAt(records, 'questioner-rollouts', at);
  const reward = recordAt(records, 'curriculum-reward', at);
  if (!rollouts || !reward) return null;
  const total = new Map(reward.parts.map((p) => [p.rollout, p.total]));
  const groups = new Map<number, number[]>();
  rollouts.rollouts.forEach((r, i) => {
    const value = total.get(i);
    if (value === undefined) return;
    groups.set(r.group, [...(groups.get(r.group) ?? []), value]);
  });
  const choices = groupChoices([...groups].map(([group, rewards]) => ({ group, rewards })));
  return choices.length > 0 ? { kind: 'no-gradient', ...at, choices } : null;
}

/** The self-labelled question asked about: the first whose score s lies nearest an edge of the band (the hardest call). */
function curationAsk(labels: RecordOf<'self-labelling'>, at: Where, band: readonly [number, number]): Ask | null {
  let index = -1;
  let nearest = Infinity;
  labels.labels.forEach((l, i) => {
    const distance = Math.min(Math.abs(l.score - band[0]), Math.abs(l.score - band[1]));
    if (distance < nearest) {
      nearest = distance;
      index = i;
    }
  });
  const label = labels.labels[index];
  if (!label) return null;
  return {
    kind: 'curation',
    ...at,
    index,
    question: label.question,
    buckets: label.buckets,
    votes: label.votes.length,
  };
}

/** The keys of an ask's choices, in the order they are offered ('none' where "none of them" is a choice). */
export function choiceKeys(ask: Ask): string[] {
  switch (ask.kind) {
    case 'top-reward':
      return ask.choices.map((c) => `r${c.rollout}`);
    case 'no-gradient':
      return [...ask.choices.map((c) => `g${c.group}`), 'none'];
    case 'curation':
      return ['keep', 'drop'];
    case 'clip':
      return [...Array.from({ length: ask.updates }, (_, k) => `u${k + 1}`), 'none'];
  }
}

/** The answer, read from the record of the deciding phase at the ask's iteration and step; null before it has run. */
export function decide(ask: Ask, records: readonly HeldRecord[]): Reveal | null {
  const at = revealWhere(ask.kind, ask);
  switch (ask.kind) {
    case 'top-reward': {
      const rec = recordAt(records, 'curriculum-reward', at);
      if (!rec) return null;
      const parts = ask.choices.map((c) => rec.parts.find((p) => p.rollout === c.rollout));
      if (parts.some((p) => p === undefined)) return null;
      const shown = parts as RewardParts[];
      const max = Math.max(...shown.map((p) => p.total));
      return { kind: 'top-reward', parts: shown, best: shown.filter((p) => p.total === max).map((p) => p.rollout) };
    }
    case 'no-gradient': {
      const rec = recordAt(records, 'questioner-update', at);
      if (!rec) return null;
      // The groups offered: "none of them" is right when no offered group is flagged.
      const offered = new Set(ask.choices.map((c) => c.group));
      const groups = rec.stats.groups
        .filter((g) => offered.has(g.id))
        .map((g) => ({ group: g.id, std: g.std, noSignal: g.noSignal }));
      return { kind: 'no-gradient', groups, answer: groups.filter((g) => g.noSignal).map((g) => g.group) };
    }
    case 'curation': {
      const rec = recordAt(records, 'curation', at);
      const labels = recordAt(records, 'self-labelling', at);
      const label = labels?.labels[ask.index];
      if (!rec || !label) return null;
      return { kind: 'curation', kept: rec.keptIndices.includes(ask.index), score: label.score, band: rec.band };
    }
    case 'clip': {
      const rec = recordAt(records, 'executor-update', at);
      if (!rec) return null;
      const fractions = (rec.stats?.updates ?? []).map((u) => ({
        low: u.clipLowFrac,
        high: u.clipHighFrac,
        dual: u.dualClipFrac,
      }));
      const k = fractions.findIndex((f) => f.low + f.high + f.dual > 0);
      return { kind: 'clip', fractions, first: k < 0 ? null : k + 1 };
    }
  }
}

/** The keys of the right choices (several when rewards tie or several groups get no gradient). */
export function rightKeys(reveal: Reveal): string[] {
  switch (reveal.kind) {
    case 'top-reward':
      return reveal.best.map((r) => `r${r}`);
    case 'no-gradient':
      return reveal.answer.length > 0 ? reveal.answer.map((g) => `g${g}`) : ['none'];
    case 'curation':
      return [reveal.kept ? 'keep' : 'drop'];
    case 'clip':
      return [reveal.first === null ? 'none' : `u${reveal.first}`];
  }
}
