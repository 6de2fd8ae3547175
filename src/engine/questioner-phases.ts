/**
 * The questioner's side of one iteration (docs/algorithms.md §1.1, §2.3, §3, §4): rollouts,
 * contract parsing, the tool-using solver proxy, the curriculum reward and the GRPO update.
 */
import { extractBoxed } from '../core/boxed';
import { averageLinkageClusters, bleuDistanceMatrix } from '../core/cluster';
import { countToolOutputs, goldenAnswer, parseQuestioner } from '../core/contracts';
import { grpoAdvantages } from '../core/grpo';
import { curriculumRewards } from '../core/reward';
import { solveQuestion } from '../core/tasks';
import { proxyScore, voteEntry } from '../core/vote';
import { questionerPrompt, toolSolverPrompt } from '../core/contracts';
import { type EngineContext, questionFits, turnBudget } from './context';
import { policyUpdate } from '../rl/policy-update';
import { groupRecords } from './group-records';
import { executorToolRollouts } from './executor-rollouts';
import type { ProxyResult, QuestionerRollout, RewardParts, UpdateStats } from './trace';
import { tokenDetails } from './token-detail';
import { updateSchedule } from './update-schedule';

export interface CurriculumBatch {
  sequences: number[][];
  promptLength: number;
  texts: string[];
  groups: number[];
}

/** Phase 1: B prompts × n rollouts of the questioner (group = prompt). */
export async function questionerRollouts(ctx: EngineContext): Promise<CurriculumBatch> {
  const q = ctx.config.questioner;
  const prompt = ctx.questioner.tokenizer.encode(questionerPrompt());
  const groups = Array.from({ length: q.prompts * q.rolloutsPerPrompt }, (_, i) => Math.floor(i / q.rolloutsPerPrompt));
  const outputs = await ctx.questioner.generate(
    groups.map(() => prompt),
    { temperature: q.temperature, topP: q.topP, maxNewTokens: turnBudget(ctx, prompt.length) },
    ctx.rng.fork(),
  );
  return {
    sequences: outputs.map((o) => [...prompt, ...o.tokens]),
    promptLength: prompt.length,
    texts: outputs.map((o) => o.text),
    groups,
  };
}

/**
 * Phase 2: the output contract; violations carry no question. A question too long to leave the
 * solver room to answer inside the context counts as a violation too.
 */
export function parseRollouts(ctx: EngineContext, batch: CurriculumBatch): QuestionerRollout[] {
  return batch.texts.map((text, i) => {
    const contract = parseQuestioner(text, ctx.config.proxy.unboxedAnswer);
    const parsed = contract && questionFits(ctx, toolSolverPrompt(contract.question)) ? contract : null;
    return {
      group: batch.groups[i] as number,
      text,
      question: parsed?.question ?? null,
      answer: parsed?.answer ?? null,
      trueAnswer: parsed ? (solveQuestion(parsed.question)?.answer ?? null) : null,
    };
  });
}

/** Phase 3: 10 tool-using executor candidates per parsed question → p (gated) and tool calls. */
export async function solverProxy(ctx: EngineContext, rollouts: QuestionerRollout[]): Promise<ProxyResult[]> {
  const { proxy, executor } = ctx.config;
  const parsed = rollouts.flatMap((r, i) => (r.question !== null ? [i] : []));
  const prompts = parsed.flatMap((i) =>
    Array.from({ length: proxy.candidates }, () => toolSolverPrompt(rollouts[i]?.question ?? '')),
  );
  const candidates = await executorToolRollouts(ctx, prompts, {
    temperature: proxy.temperature,
    topP: proxy.topP,
    maxToolTurns: proxy.maxTurns,
    maxObservationChars: executor.toolOutputMaxChars,
  });
  return parsed.map((rolloutIndex, k) => {
    const mine = candidates.slice(k * proxy.candidates, (k + 1) * proxy.candidates);
    const answers = mine.map((c) => voteEntry(extractBoxed(c.text)));
    const r = rollouts[rolloutIndex] as QuestionerRollout;
    const golden = goldenAnswer(r.answer ?? '', proxy.goldenAnswer);
    const score = proxyScore(answers, golden, { enabled: proxy.gate, minP: proxy.gateMinP });
    return {
      rollout: rolloutIndex,
      answers,
      toolCalls: mine.map((c) => c.toolCalls),
      failedCalls: mine.reduce((s, c) => s + c.failedCalls, 0),
      majority: score.majority,
      golden,
      rawP: score.rawP,
      p: score.p,
      agrees: score.agrees,
      gated: score.gated,
      transcript: mine[0]?.text ?? '',
    };
  });
}

/** Phase 4: R = U − λ·share of the repetition cluster + tool reward (docs/algorithms.md §3). */
export function rewardRollouts(ctx: EngineContext, rollouts: QuestionerRollout[], proxy: ProxyResult[]) {
  const r = ctx.config.reward;
  const byRollout = new Map(proxy.map((p) => [p.rollout, p]));
  const questions = rollouts.map((x) => x.question ?? '');
  const distances = bleuDistanceMatrix(questions);
  const clustering = averageLinkageClusters(distances, r.clusterThreshold);
  const rewards = curriculumRewards(
    rollouts.map((x, i) => {
      const p = byRollout.get(i);
      const executed = p ? p.toolCalls.reduce((a, b) => a + b, 0) / Math.max(1, p.toolCalls.length) : 0;
      return {
        question: x.question,
        p: p?.p ?? 0,
        toolCalls: r.toolRewardSource === 'executed' ? executed : countToolOutputs(x.text),
      };
    }),
    {
      uncertaintyScale: r.uncertaintyScale,
      repetitionWeight: r.repetitionWeight,
      clusterThreshold: r.clusterThreshold,
      perCall: r.toolRewardPerCall,
      cap: r.toolRewardCap,
    },
    clustering,
  );
  const parts: RewardParts[] = rewards.map((x, i) => ({ rollout: i, cluster: clustering.labels[i] as number, ...x }));
  return { parts, clusterCount: clustering.sizes.length, distances };
}

/** Phase 5: GRPO advantages per prompt group and the questioner's clipped update. */
export async function updateQuestioner(
  ctx: EngineContext,
  batch: CurriculumBatch,
  parts: RewardParts[],
  sampleGroups: number,
): Promise<UpdateStats> {
  const q = ctx.config.questioner;
  const totals = parts.map((p) => p.total);
  const grpo = grpoAdvantages(totals, batch.groups, { singleton: 'refuse' });
  const lossMask = batch.sequences.map((s) => s.map((_, t) => (t >= batch.promptLength ? 1 : 0)));
  const result = await policyUpdate(
    ctx.questioner,
    ctx.questionerRef,
    {
      sequences: batch.sequences,
      lossMask,
      advantages: grpo.advantages,
      epsHigh: batch.sequences.map(() => q.epsHigh),
    },
    q,
    ctx.config.loss.aggregation,
    ctx.rng.fork(),
  );
  return {
    updates: result.updates,
    schedule: updateSchedule(q, result, false),
    groups: groupRecords(grpo.groups, totals, grpo.advantages),
    tokens: tokenDetails(
      ctx.questioner.tokenizer,
      batch.sequences,
      lossMask,
      grpo.advantages,
      result,
      batch.groups,
      sampleGroups,
    ),
  };
}
