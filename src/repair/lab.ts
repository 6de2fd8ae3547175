/**
 * The signal-reshaping lab: GRPO on the repair agent with the interventions of one variant.
 * Each iteration draws Q tasks (the same tasks for every variant: the stream depends on the seed
 * and the iteration only), rolls out G episodes per task, judges them, turns them into signals
 * (sampleSignals: reward mode, governance, process weights), updates the policy with the clipped
 * loss (per-token advantage A · w_k on the tokens of trained steps, token-mean over the unweighted
 * count of every trained token of the batch, zero-advantage samples included, k3 KL to the
 * pre-trained reference), then evaluates on a fixed held-out set, sampling at `evalTemperature`
 * (T = 1 by default, the training temperature), not greedily, with no injected failures.
 */
import { mean } from '../core/stats';
import { type RepairConfig, type RepairVariant } from '../core/repair/config';
import { type ProcessRule, processRules, PROCESS_SCORES } from '../core/repair/process';
import { tokenTargets, updateRows } from '../core/repair/targets';
import { type SampleSignal, sampleSignals } from '../core/repair/signals';
import { DEFECT_KINDS, type RepairTask, generateRepairTask } from '../core/repair/tasks';
import { Rng } from '../core/random';
import type { TinyLM } from '../model/model';
import { policyUpdate } from '../rl/policy-update';
import type { RepairEnvironment } from './environment';
import { type EpisodeMetrics, type RepairIterationRecord, episodeMetrics, sampleView, showcaseGroup } from './records';
import { type RepairEpisode, type RolloutSettings, repairRollouts } from './rollout';

export interface LabModels {
  policy: TinyLM;
  reference: TinyLM;
}

/** The held-out tasks: `count` tasks cycling through the seven defect kinds, from `seed`. */
export function evaluationTasks(count: number, seed: number): RepairTask[] {
  const rng = new Rng(seed);
  return Array.from({ length: count }, (_, i) => generateRepairTask(rng, DEFECT_KINDS[i % DEFECT_KINDS.length]));
}

/** Rollout limits from the config, with the sampling temperature and failure rate of the purpose. */
function rolloutSettings(config: RepairConfig, temperature: number, failureRate: number): RolloutSettings {
  return {
    maxSteps: config.maxSteps,
    repetitionLimit: config.repetitionLimit,
    maxActionTokens: config.maxActionTokens,
    temperature,
    failureRate,
  };
}

/** Episodes on the held-out tasks at `evalTemperature` (a fixed sampling stream), without injected failures. */
export function evaluationEpisodes(
  model: TinyLM,
  env: RepairEnvironment,
  config: RepairConfig,
): Promise<RepairEpisode[]> {
  const tasks = evaluationTasks(config.evalTasks, config.evalSeed);
  return repairRollouts(
    model,
    tasks,
    env,
    rolloutSettings(config, config.evalTemperature, 0),
    new Rng(config.evalSeed),
    new Rng(config.evalSeed + 1),
  );
}

/** The held-out metrics (see evaluationEpisodes). */
export async function evaluateRepair(
  model: TinyLM,
  env: RepairEnvironment,
  config: RepairConfig,
): Promise<EpisodeMetrics> {
  return episodeMetrics(await evaluationEpisodes(model, env, config));
}

/** The stream of one purpose in one iteration: the same for every variant. */
function stream(config: RepairConfig, iteration: number, purpose: number): Rng {
  return new Rng((config.seed * 1_000_003 + iteration * 7919 + purpose * 104_729) >>> 0);
}

/** One iteration of the lab for a variant (see the file comment). */
export async function repairIteration(
  models: LabModels,
  env: RepairEnvironment,
  config: RepairConfig,
  variant: RepairVariant,
  iteration: number,
): Promise<RepairIterationRecord> {
  const t0 = performance.now();
  const taskRng = stream(config, iteration, 1);
  const tasks = Array.from({ length: config.tasksPerIteration }, () => generateRepairTask(taskRng));
  const batch = tasks.flatMap((t) => Array.from({ length: config.groupSize }, () => t));
  const settings = rolloutSettings(config, config.temperature, config.failureRate);
  const episodes = await repairRollouts(
    models.policy,
    batch,
    env,
    settings,
    stream(config, iteration, 2),
    stream(config, iteration, 3),
  );
  const rules = episodes.map((e) =>
    processRules(e.steps, { defectLine: e.task.defectLine, fixedLine: e.task.fixed[e.task.defectLine - 1] as string }),
  );
  const signals = sampleSignals(
    episodes.map((e, i) => ({
      group: Math.floor(i / config.groupSize),
      termination: e.termination,
      compiles: e.compiles,
      matches: e.matches,
      tokenCounts: e.spans.map(([a, b]) => b - a),
      scores: (rules[i] as ProcessRule[]).map((r) => PROCESS_SCORES[r]),
    })),
    {
      reward: variant.reward,
      weights: variant.weights,
      weightFloor: config.weightFloor,
      governance: { enabled: variant.governance, ...config.governance },
    },
  );
  const targets = episodes.map((e, i) => {
    const s = signals[i] as SampleSignal;
    return tokenTargets({
      length: e.tokens.length,
      spans: e.spans,
      advantage: s.advantage,
      trainedSteps: s.trainedSteps,
      weights: s.weights,
    });
  });
  const lossMask = targets.map((t) => t.lossMask);
  const tokenAdvantages = targets.map((t) => t.advantages);
  const trainedTokens = lossMask.reduce((a, m) => a + m.reduce((x, y) => x + y, 0), 0);
  // Zero-advantage samples stay in: their tokens count in the token-mean and carry their KL term.
  const trained = updateRows(lossMask);
  let update: RepairIterationRecord['update'] = {
    updates: 0,
    skipped: 0,
    loss: 0,
    kl: 0,
    clipFraction: 0,
    gradNorm: 0,
    trainedTokens,
  };
  if (trained.length > 0) {
    const pick = <T>(rows: T[]): T[] => trained.map((i) => rows[i] as T);
    const result = await policyUpdate(
      models.policy,
      models.reference,
      {
        sequences: pick(episodes.map((e) => e.tokens)),
        lossMask: pick(lossMask),
        advantages: pick(tokenAdvantages),
        epsHigh: trained.map(() => config.clipHigh),
      },
      {
        learningRate: config.learningRate,
        updatesPerStep: config.miniBatches,
        epsLow: config.clipLow,
        epsHigh: config.clipHigh,
        dualClip: null,
        klCoef: config.klCoef,
      },
      'token-mean',
      stream(config, iteration, 4),
    );
    const u = result.updates;
    const meanOf = (f: (x: (typeof u)[number]) => number): number => mean(u.map(f));
    update = {
      updates: u.length,
      skipped: u.filter((x) => x.skipped).length,
      loss: meanOf((x) => x.loss),
      kl: meanOf((x) => x.kl),
      clipFraction: meanOf((x) => x.clipLowFrac + x.clipHighFrac),
      gradNorm: meanOf((x) => x.gradNorm),
      trainedTokens,
    };
  }
  const n = episodes.length;
  const tiers: [number, number, number] = [0, 0, 0];
  episodes.forEach((e) => tiers[e.compiles ? (e.matches ? 2 : 1) : 0]++);
  const groups = Array.from({ length: config.tasksPerIteration }, (_, q) =>
    signals.slice(q * config.groupSize, (q + 1) * config.groupSize),
  );
  const show = showcaseGroup(episodes, signals, config.groupSize);
  const showTask = tasks[show] as RepairTask;
  const evalMetrics = await evaluateRepair(models.policy, env, config);
  env.clear();
  return {
    iteration,
    train: {
      ...episodeMetrics(episodes),
      meanReward: signals.reduce((a, s) => a + s.reward, 0) / n,
      tiers,
      masked: {
        environment: signals.filter((s) => s.maskCause === 'environment').length / n,
        degenerate: signals.filter((s) => s.maskCause === 'degenerate').length / n,
      },
      noSignalGroups: groups.filter((g) => g.every((s) => s.reward === g[0]?.reward)).length,
    },
    update,
    eval: evalMetrics,
    group: {
      task: {
        id: showTask.id,
        defect: showTask.defect,
        category: showTask.category,
        lines: showTask.lines,
        fixed: showTask.fixed,
        defectLine: showTask.defectLine,
      },
      samples: Array.from({ length: config.groupSize }, (_, k) => {
        const i = show * config.groupSize + k;
        return sampleView(
          models.policy,
          episodes[i] as RepairEpisode,
          signals[i] as SampleSignal,
          rules[i] as ProcessRule[],
        );
      }),
    },
    seconds: (performance.now() - t0) / 1000,
  };
}
