/**
 * The questioner's side of one iteration (docs/algorithms.md §1.1, §2.3, §3, §4): rollouts,
 * contract parsing, the tool-using solver proxy, the curriculum reward and the GRPO update.
 */
import { extractBoxed } from '../../core/boxed';
import { averageLinkageClusters, bleuDistanceMatrix } from '../../core/cluster';
import { countToolOutputs, goldenAnswer, parseQuestioner } from '../../core/contracts';
import { grpoAdvantages } from '../../core/grpo';
import { curriculumRewards } from '../../core/reward';
import { solveQuestion } from '../../core/tasks';
import { proxyScore, voteEntry } from '../../core/vote';
import { questionerPrompt, toolSolverPrompt } from '../../core/contracts';
import { type EngineContext, questionFits } from './context';
import { noUpdate, policyUpdate } from '../../rl/policy-update';
import { groupRecords } from './group-records';
import { type EngineToolRollout, executorToolRollouts, modelToolRollouts } from './executor-rollouts';
import type { ProxyResult, QuestionerContract, QuestionerRollout, RewardParts, UpdateStats } from './trace';
import { tokenDetails } from './token-detail';
import { updateSchedule } from './update-schedule';

export interface CurriculumBatch {
  sequences: number[][];
  /** Per token: 1 = written by the questioner (trained), 0 = prompt or tool observation. */
  lossMask: number[][];
  texts: string[];
  groups: number[];
  /** Tool calls the questioner made while writing each rollout. */
  toolCalls: number[];
}

/**
 * `count` questioner texts written with the Python tool (up to `questioner.maxTurns` calls; 0 = no
 * tool), as Agent0's tool-equipped curriculum agent writes them.
 */
export async function questionerWrites(
  ctx: EngineContext,
  count: number,
  sampling: { temperature: number; topP: number },
): Promise<EngineToolRollout[]> {
  return modelToolRollouts(
    ctx,
    ctx.questioner,
    Array.from({ length: count }, () => questionerPrompt()),
    {
      temperature: sampling.temperature,
      topP: sampling.topP,
      maxToolTurns: ctx.config.questioner.maxTurns,
      maxObservationChars: ctx.config.executor.toolOutputMaxChars,
    },
  );
}

/** Phase 1: B prompts × n rollouts of the questioner (group = prompt). */
export async function questionerRollouts(ctx: EngineContext): Promise<CurriculumBatch> {
  const q = ctx.config.questioner;
  const groups = Array.from({ length: q.prompts * q.rolloutsPerPrompt }, (_, i) => Math.floor(i / q.rolloutsPerPrompt));
  const outputs = await questionerWrites(ctx, groups.length, q);
  return {
    sequences: outputs.map((o) => o.tokens),
    lossMask: outputs.map((o) => o.modelMask),
    texts: outputs.map((o) => o.text),
    groups,
    toolCalls: outputs.map((o) => o.toolCalls),
  };
}

/** Phase 1's record: each rollout's text and prompt group, as written (read in phase 2). */
export function rolloutRecords(batch: CurriculumBatch): QuestionerRollout[] {
  return batch.texts.map((text, i) => ({ group: batch.groups[i] as number, text }));
}

/**
 * Phase 2: the output contract of each rollout; violations carry no question. A question too long
 * to leave the solver room to answer inside the context counts as a violation too, and so does a
 * rollout that ran no program when `proxy.uncheckedAnswer` is `violation` (docs/algorithms.md §7.11),
 * and one whose question the oracle cannot read when `proxy.unreadableQuestion` is (§7.13).
 */
export function parseRollouts(ctx: EngineContext, batch: CurriculumBatch): QuestionerContract[] {
  const { unboxedAnswer, uncheckedAnswer, unreadableQuestion } = ctx.config.proxy;
  return batch.texts.map((text, i) => {
    const checked = uncheckedAnswer === 'scored' || (batch.toolCalls[i] as number) > 0;
    const contract = checked ? parseQuestioner(text, unboxedAnswer) : null;
    const fits = contract && questionFits(ctx, toolSolverPrompt(contract.question)) ? contract : null;
    const trueAnswer = fits ? (solveQuestion(fits.question)?.answer ?? null) : null;
    const parsed = fits && (unreadableQuestion === 'scored' || trueAnswer !== null) ? fits : null;
    return {
      question: parsed?.question ?? null,
      answer: parsed?.answer ?? null,
      trueAnswer: parsed ? trueAnswer : null,
    };
  });
}

/** Phase 3: 10 tool-using executor candidates per parsed question → p (gated) and tool calls. */
export async function solverProxy(ctx: EngineContext, contracts: QuestionerContract[]): Promise<ProxyResult[]> {
  const { proxy, executor } = ctx.config;
  const parsed = contracts.flatMap((r, i) => (r.question !== null ? [i] : []));
  const prompts = parsed.flatMap((i) =>
    Array.from({ length: proxy.candidates }, () => toolSolverPrompt(contracts[i]?.question ?? '')),
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
    const r = contracts[rolloutIndex] as QuestionerContract;
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

/**
 * Phase 4: R = U − λ·share of the repetition cluster + tool reward (docs/algorithms.md §3), from the
 * rollouts' texts (`batch`), their contracts (phase 2) and the proxy's results (phase 3).
 */
export function rewardRollouts(
  ctx: EngineContext,
  batch: CurriculumBatch,
  contracts: QuestionerContract[],
  proxy: ProxyResult[],
) {
  const r = ctx.config.reward;
  const byRollout = new Map(proxy.map((p) => [p.rollout, p]));
  const questions = contracts.map((x) => x.question ?? '');
  const distances = bleuDistanceMatrix(questions);
  const clustering = averageLinkageClusters(distances, r.clusterThreshold);
  const rewards = curriculumRewards(
    contracts.map((x, i) => {
      const p = byRollout.get(i);
      const executed = p ? p.toolCalls.reduce((a, b) => a + b, 0) / Math.max(1, p.toolCalls.length) : 0;
      return {
        question: x.question,
        p: p?.p ?? 0,
        toolCalls: r.toolRewardSource === 'executed' ? executed : countToolOutputs(batch.texts[i] ?? ''),
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
  const lossMask = batch.lossMask;
  // Table 3's "without curriculum training": the advantages are computed and shown, no step is taken.
  const result = !q.train
    ? noUpdate(batch.sequences)
    : await policyUpdate(
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
        (done, total) => ctx.progress?.('update steps', done, total),
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
