/**
 * The co-evolution loop as a step machine (docs/algorithms.md §1). One iteration runs the
 * curriculum phases (rollouts → parsing → solver proxy → reward → GRPO update) K times, then the
 * question pool, self-labelling, curation, `executor.steps` ADPO updates, and the evaluation. Each
 * call to `step()` runs exactly one phase and returns its trace record, so a class can stop
 * anywhere.
 */
import { mean } from '../../core/stats';
import * as tf from '@tensorflow/tfjs';
import type { Agent0Config } from '../../core/config';
import { Rng } from '../../core/random';
import type { TinyLM } from '../../model/model';
import type { EngineContext, ToolRunner } from './context';
import {
  type CurriculumBatch,
  parseRollouts,
  questionerRollouts,
  rewardRollouts,
  rolloutRecords,
  solverProxy,
  updateQuestioner,
} from './questioner-phases';
import { evaluateExecutor } from './evaluate';
import { type LoopPosition, atIterationStart, iterationStart, nextPosition, stepOf } from './loop-position';
import { curateLabels, questionPool, selfLabel, updateExecutor } from './executor-phases';
import { type IterationSummary, summarizeIteration } from './summary';
import type {
  EvaluationResult,
  PhaseData,
  PhaseName,
  PhaseRecord,
  ProxyResult,
  QuestionerContract,
  RewardParts,
  SelfLabel,
} from './trace';

/** Groups whose token-level detail is kept in the trace. */
const SAMPLED_GROUPS = 2;

export interface EngineModels {
  questioner: TinyLM;
  executor: TinyLM;
  questionerRef: TinyLM;
  executorRef: TinyLM;
}

interface Scratch {
  batch?: CurriculumBatch;
  contracts?: QuestionerContract[];
  proxy?: ProxyResult[];
  parts?: RewardParts[];
  pool?: { question: string; answer: string }[];
  labels?: SelfLabel[];
  curated?: SelfLabel[];
}

export class Engine {
  readonly trace: PhaseRecord[] = [];
  readonly summaries: IterationSummary[] = [];
  baseline: EvaluationResult | null = null;
  position: LoopPosition = iterationStart(1);
  private scratch: Scratch = {};
  private readonly ctx: EngineContext;

  constructor(
    readonly config: Agent0Config,
    readonly models: EngineModels,
    runTool: ToolRunner,
    readonly backend: string,
    rng?: Rng,
    progress?: EngineContext['progress'],
  ) {
    this.ctx = { config, ...models, runTool, rng: rng ?? new Rng(config.seed), backend, progress };
  }

  get rng(): Rng {
    return this.ctx.rng;
  }

  /** Evaluate the base model once before any training (the baseline the curves start from). */
  async evaluateBaseline(): Promise<EvaluationResult> {
    this.baseline ??= await evaluateExecutor(this.ctx, []);
    return this.baseline;
  }

  /** The executor as it stands, evaluated as phase 10 evaluates it but on `tasks` (eval:base's ladder); changes nothing. */
  evaluateOn(tasks: Parameters<typeof evaluateExecutor>[2]): Promise<EvaluationResult> {
    return evaluateExecutor(this.ctx, [], tasks);
  }

  /** Run the next phase and return its record. */
  async step(): Promise<PhaseRecord> {
    const pos = this.position;
    const t0 = performance.now();
    if (atIterationStart(pos)) {
      this.models.questionerRef.copyFrom(this.models.questioner);
      this.models.executorRef.copyFrom(this.models.executor);
    }
    const data = await this.runPhase(pos.phase);
    const record: PhaseRecord = {
      ...data,
      iteration: pos.iteration,
      step: stepOf(pos),
      ms: performance.now() - t0,
      backend: this.backend,
      numTensors: tf.memory().numTensors,
    } as PhaseRecord;
    this.trace.push(record);
    this.advance();
    if (record.phase === 'evaluation') {
      this.summaries.push(
        summarizeIteration(
          this.trace.filter((r) => r.iteration === record.iteration),
          this.ctx.config,
        ),
      );
    }
    return record;
  }

  /** Run phases until the current iteration's evaluation has run. */
  async runIteration(): Promise<PhaseRecord[]> {
    const out: PhaseRecord[] = [];
    do out.push(await this.step());
    while (!atIterationStart(this.position));
    return out;
  }

  private async runPhase(phase: PhaseName): Promise<PhaseData> {
    const s = this.scratch;
    const ctx = this.ctx;
    switch (phase) {
      case 'questioner-rollouts':
        s.batch = await questionerRollouts(ctx);
        return { phase, rollouts: rolloutRecords(s.batch) };
      case 'contract-parsing': {
        s.contracts = parseRollouts(ctx, earlier(s.batch, phase));
        const valid = s.contracts.filter((r) => r.question !== null).length;
        const total = s.contracts.length;
        return { phase, contracts: s.contracts, valid, total, validRate: valid / Math.max(1, total) };
      }
      case 'solver-proxy': {
        s.proxy = await solverProxy(ctx, earlier(s.contracts, phase));
        const calls = s.proxy.flatMap((p) => p.toolCalls);
        return {
          phase,
          results: s.proxy,
          meanP: mean(s.proxy.map((p) => p.rawP)),
          toolUseRate: calls.filter((c) => c > 0).length / Math.max(1, calls.length),
        };
      }
      case 'curriculum-reward': {
        const r = rewardRollouts(ctx, earlier(s.batch, phase), earlier(s.contracts, phase), earlier(s.proxy, phase));
        s.parts = r.parts;
        return { phase, ...r };
      }
      case 'questioner-update':
        return {
          phase,
          stats: await updateQuestioner(ctx, earlier(s.batch, phase), earlier(s.parts, phase), SAMPLED_GROUPS),
        };
      case 'question-pool': {
        const pool = await questionPool(ctx);
        s.pool = pool.questions;
        return { phase, ...pool };
      }
      case 'self-labelling':
        s.labels = await selfLabel(ctx, earlier(s.pool, phase));
        return { phase, labels: s.labels, mode: ctx.config.labelling.mode };
      case 'curation': {
        const labels = earlier(s.labels, phase);
        const { kept, keptIndices } = curateLabels(ctx, labels);
        s.curated = kept;
        const band = ctx.config.curation;
        return {
          phase,
          keptIndices,
          kept: s.curated.length,
          dropped: labels.length - s.curated.length,
          inBandShare: s.curated.length / Math.max(1, labels.length),
          band: [band.minScore, band.maxScore],
        };
      }
      case 'executor-update':
        return updateExecutor(ctx, earlier(s.curated, phase), SAMPLED_GROUPS);
      case 'evaluation':
        return { phase, result: await evaluateExecutor(ctx, earlier(s.labels, phase)) };
    }
  }

  /** Move to the next phase (loop-position.ts); a new iteration starts with empty scratch. */
  private advance(): void {
    this.position = nextPosition(this.position, {
      questioner: this.config.questioner.steps,
      executor: this.config.executor.steps,
    });
    if (atIterationStart(this.position)) this.scratch = {};
  }
}

/** The output of an earlier phase of this iteration that `phase` reads (throws when it has not run). */
function earlier<T>(value: T | undefined, phase: PhaseName): T {
  if (value === undefined)
    throw new Error(`Engine: phase ${phase} needs the output of an earlier phase of this iteration.`);
  return value;
}
