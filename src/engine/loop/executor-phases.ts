/**
 * The executor's side of one iteration (docs/algorithms.md §1.2–§1.5, §2.2, §5): the question pool
 * from the updated questioner, self-labelling by 9 samples (with the tool by default), the curation
 * band, and the update chosen by `executor.algorithm` (src/core/executor-algorithms.ts: ADPO or
 * GRPO) on multi-turn tool rollouts rewarded ±1 against the pseudo-label.
 */
import { extractBoxed } from '../../core/boxed';
import { parseQuestioner } from '../../core/contracts';
import { curate } from '../../core/curate';
import { answersEquivalent } from '../../core/equivalence';
import { executorAlgorithm } from '../../core/executor-algorithms';
import { solveQuestion } from '../../core/tasks';
import { majorityVote, voteEntry } from '../../core/vote';
import { solverPrompt, toolSolverPrompt } from '../../core/contracts';
import { questionerWrites } from './questioner-phases';
import { type EngineContext, questionFits, turnBudget } from './context';
import { policyUpdate } from '../../rl/policy-update';
import { groupRecords } from './group-records';
import { tokenDetails } from './token-detail';
import { executorToolRollouts } from './executor-rollouts';
import { updateSchedule } from './update-schedule';
import type { ExecutorRollout, PhaseData, SelfLabel } from './trace';

/** Phase 6: the updated questioner writes the pool (with its tool); only contract-valid questions enter it. */
export async function questionPool(
  ctx: EngineContext,
): Promise<{ questions: { question: string; answer: string }[]; generated: number }> {
  const pool = ctx.config.pool;
  const outputs = await questionerWrites(ctx, pool.questions, pool);
  const questions = outputs.flatMap((o) => {
    const parsed = parseQuestioner(o.text);
    return parsed && questionFits(ctx, toolSolverPrompt(parsed.question)) ? [parsed] : [];
  });
  return { questions, generated: outputs.length };
}

/** The executor's answers to each question, `samples` times: plain (one turn) or with the tool. */
async function labellingAnswers(
  ctx: EngineContext,
  questions: string[],
): Promise<{ text: string; toolCalls?: number }[]> {
  const l = ctx.config.labelling;
  const repeated = questions.flatMap((q) => Array.from({ length: l.samples }, () => q));
  if (l.mode === 'tool') {
    return executorToolRollouts(
      ctx,
      repeated.map((q) => toolSolverPrompt(q)),
      {
        temperature: l.temperature,
        topP: l.topP,
        topK: l.topK,
        maxToolTurns: ctx.config.executor.maxTurns,
        maxObservationChars: ctx.config.executor.toolOutputMaxChars,
      },
    );
  }
  const tok = ctx.executor.tokenizer;
  const prompts = repeated.map((q) => tok.encode(solverPrompt(q)));
  const longest = Math.max(...prompts.map((p) => p.length));
  return ctx.executor.generate(
    prompts,
    {
      temperature: l.temperature,
      topP: l.topP,
      topK: l.topK,
      maxNewTokens: turnBudget(ctx, longest),
      onRound: (stopped, writing) => ctx.progress?.('writing', stopped, writing),
    },
    ctx.rng.fork(),
  );
}

/** Phase 7: 9 executor samples per question → majority pseudo-label and its share s (plain or tool, `labelling.mode`). */
export async function selfLabel(
  ctx: EngineContext,
  pool: { question: string; answer: string }[],
): Promise<SelfLabel[]> {
  const l = ctx.config.labelling;
  if (pool.length === 0) return [];
  const outputs = await labellingAnswers(
    ctx,
    pool.map((q) => q.question),
  );
  return pool.flatMap((q, k) => {
    const mine = outputs.slice(k * l.samples, (k + 1) * l.samples);
    const votes = mine.map((o) => voteEntry(extractBoxed(o.text)));
    const vote = majorityVote(votes);
    if (vote.answer === '') return []; // docs/algorithms.md §2.2: discard an empty majority
    const trueAnswer = solveQuestion(q.question)?.answer ?? null;
    return [
      {
        question: q.question,
        questionerAnswer: q.answer,
        votes,
        buckets: vote.buckets.map((b) => ({ answer: b.answer, count: b.count })),
        pseudoLabel: vote.answer,
        score: vote.score,
        trueAnswer,
        correct: trueAnswer === null ? null : answersEquivalent(vote.answer, trueAnswer),
        toolCalls: mine.reduce((sum, o) => sum + (o.toolCalls ?? 0), 0),
      },
    ];
  });
}

/** Phase 8: keep minScore ≤ s ≤ maxScore; returns the kept labels and their positions. */
export function curateLabels(ctx: EngineContext, labels: SelfLabel[]): { kept: SelfLabel[]; keptIndices: number[] } {
  const { kept } = curate(labels, ctx.config.curation);
  const keptSet = new Set(kept);
  return { kept, keptIndices: labels.flatMap((l, i) => (keptSet.has(l) ? [i] : [])) };
}

/** Phase 9: n tool rollouts per curated question, reward ±1 vs the pseudo-label, the update of `executor.algorithm`. */
export async function updateExecutor(
  ctx: EngineContext,
  curated: SelfLabel[],
  sampleGroups: number,
): Promise<Extract<PhaseData, { phase: 'executor-update' }>> {
  const e = ctx.config.executor;
  const algorithm = executorAlgorithm(e.algorithm);
  if (curated.length === 0) {
    return {
      phase: 'executor-update',
      algorithm: e.algorithm,
      rollouts: [],
      questions: [],
      stats: null,
      note: 'No question fell inside the curation band, so the executor was not updated.',
    };
  }
  const picked = ctx.rng.shuffled(curated).slice(0, e.prompts);
  const prompts = picked.flatMap((q) =>
    Array.from({ length: e.rolloutsPerPrompt }, () => toolSolverPrompt(q.question)),
  );
  const rollouts = await executorToolRollouts(ctx, prompts, {
    temperature: e.temperature,
    topP: e.topP,
    maxToolTurns: e.maxTurns,
    maxObservationChars: e.toolOutputMaxChars,
  });
  const groups = rollouts.map((_, i) => Math.floor(i / e.rolloutsPerPrompt));
  const answers = rollouts.map((r) => extractBoxed(r.text));
  const rewards = answers.map((a, i) =>
    a !== null && answersEquivalent(a, (picked[groups[i] as number] as SelfLabel).pseudoLabel) ? 1 : -1,
  );
  const scores = groups.map((g) => (picked[g] as SelfLabel).score);
  const adv = algorithm.advantages({ rewards, groups, scores }, e);
  const sequences = rollouts.map((r) => r.tokens);
  const lossMask = rollouts.map((r) => r.modelMask);
  const result = await policyUpdate(
    ctx.executor,
    ctx.executorRef,
    { sequences, lossMask, advantages: adv.advantages, epsHigh: adv.epsHigh },
    e,
    ctx.config.loss.aggregation,
    ctx.rng.fork(),
    (done, total) => ctx.progress?.('update steps', done, total),
  );
  const rolloutRecords: ExecutorRollout[] = rollouts.map((r, i) => ({
    group: groups[i] as number,
    text: r.text,
    answer: answers[i] ?? null,
    reward: rewards[i] as number,
    toolCalls: r.toolCalls,
  }));
  return {
    phase: 'executor-update',
    algorithm: e.algorithm,
    rollouts: rolloutRecords,
    questions: picked.map((q, g) => ({
      question: q.question,
      pseudoLabel: q.pseudoLabel,
      score: q.score,
      scale: adv.scales[g * e.rolloutsPerPrompt] as number,
      epsHigh: adv.epsHigh[g * e.rolloutsPerPrompt] as number,
    })),
    stats: {
      updates: result.updates,
      schedule: updateSchedule(e, result, algorithm.perSequenceEpsHigh),
      groups: groupRecords(adv.groups, rewards, adv.advantages),
      tokens: tokenDetails(ctx.executor.tokenizer, sequences, lossMask, adv.advantages, result, groups, sampleGroups),
    },
  };
}
