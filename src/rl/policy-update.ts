/**
 * The clipped policy-gradient update every lab shares (Agent0's two roles, the repair agent): old log-probs from the policy before
 * the first update (ρ ≡ 1 on the first mini-batch), reference log-probs from the frozen
 * start-of-iteration copy, then `updatesPerStep` mini-batch updates over a shuffled batch, so ρ
 * moves away from 1 from the second update on and clipping can fire (docs/algorithms.md §4.5).
 */
import type { ClipLossSettings } from '../core/config';
import type { ClipBranch, LossAggregation } from '../core/loss';
import type { Rng } from '../core/random';
import { DEFAULT_OPTIMIZER } from '../model/adamw';
import type { TinyLM } from '../model/model';

/** What one optimizer update (one mini-batch) did. */
export interface UpdateStep {
  loss: number;
  pgLoss: number;
  kl: number;
  entropy: number;
  gradNorm: number;
  clipLowFrac: number;
  clipHighFrac: number;
  dualClipFrac: number;
  /** Mean |ρ − 1| over trained tokens. */
  meanAbsRatioDev: number;
  /** Sequences in this update's mini-batch. */
  sequences: number;
  skipped?: string;
}

export interface PolicyBatch {
  sequences: number[][];
  /** 1 where the token is trained on (model-written, not prompt, not observation). */
  lossMask: number[][];
  /** One advantage per sequence, credited to each of its trained tokens, or one per token (e.g. A · w_k of process weights). */
  advantages: readonly number[] | readonly (readonly number[])[];
  /** ρ upper clip per sequence (ADPO's ε_high(s); GRPO: the role's constant). */
  epsHigh: number[];
}

export interface PolicyUpdateResult {
  updates: UpdateStep[];
  /** Per-token ρ and clip branch of every sequence, from the update that trained on it. */
  ratios: number[][];
  branches: ClipBranch[][];
}

/** Per-token advantages of sequence i: its own row, or its sequence advantage on every trained token. */
function tokenAdvantages(batch: PolicyBatch, i: number): number[] {
  const a = batch.advantages[i];
  if (a === undefined) throw new Error(`policyUpdate: no advantage for sequence ${i}.`);
  return typeof a === 'number' ? (batch.lossMask[i] as number[]).map((m) => m * a) : [...a];
}

/** Split shuffled indices into k nearly equal mini-batches (k ≤ n). */
export function miniBatches(n: number, k: number, rng: Rng): number[][] {
  const order = rng.shuffled(Array.from({ length: n }, (_, i) => i));
  const parts = Math.max(1, Math.min(k, n));
  return Array.from({ length: parts }, (_, j) =>
    order.slice(Math.floor((j * n) / parts), Math.floor(((j + 1) * n) / parts)),
  );
}

/** Share of trained tokens in each clip branch, and the mean |ρ − 1|. */
export function clipFractions(ratios: number[][], branches: ClipBranch[][], mask: number[][]) {
  let tokens = 0;
  let low = 0;
  let high = 0;
  let dual = 0;
  let dev = 0;
  ratios.forEach((row, b) =>
    row.forEach((r, t) => {
      if (!mask[b]?.[t]) return;
      tokens++;
      dev += Math.abs(r - 1);
      const br = branches[b]?.[t];
      if (br === 'low-clip') low++;
      else if (br === 'high-clip') high++;
      else if (br === 'dual-clip') dual++;
    }),
  );
  const d = Math.max(1, tokens);
  return { clipLowFrac: low / d, clipHighFrac: high / d, dualClipFrac: dual / d, meanAbsRatioDev: dev / d };
}

/**
 * The result of an update that takes no optimizer step (a frozen policy): no updates, and since the
 * policy does not move, ρ = 1 and no clip branch on every token.
 */
export function noUpdate(sequences: number[][]): PolicyUpdateResult {
  return {
    updates: [],
    ratios: sequences.map((s) => s.map(() => 1)),
    branches: sequences.map((s) => s.map(() => 'none' as ClipBranch)),
  };
}

/**
 * One policy update of either role: old and reference log-probs of the batch, then one clipped
 * step per mini-batch (`miniBatches`: `updatesPerStep` parts, shuffled), each minimising the loss of
 * `trainStep` with its own ε_high per sequence. `onStep(done, total)` is told before the first
 * mini-batch (0 of total) and after each.
 */
export async function policyUpdate(
  model: TinyLM,
  reference: TinyLM,
  batch: PolicyBatch,
  settings: ClipLossSettings,
  aggregation: LossAggregation,
  rng: Rng,
  onStep?: (done: number, total: number) => void,
): Promise<PolicyUpdateResult> {
  const { sequences, lossMask } = batch;
  const parts = miniBatches(sequences.length, settings.updatesPerStep, rng);
  onStep?.(0, parts.length);
  const old = await model.logProbs(sequences, lossMask);
  const ref = await reference.logProbs(sequences, lossMask);
  const ratios: number[][] = sequences.map((s) => s.map(() => 1));
  const branches: ClipBranch[][] = sequences.map((s) => s.map(() => 'none' as ClipBranch));
  const updates: UpdateStep[] = [];
  for (const idx of parts) {
    const pick = <T>(rows: T[]): T[] => idx.map((i) => rows[i] as T);
    const mask = pick(lossMask);
    const stats = await model.trainStep(
      {
        sequences: pick(sequences),
        lossMask: mask,
        advantages: idx.map((i) => tokenAdvantages(batch, i)),
        oldLogProbs: pick(old),
        refLogProbs: pick(ref),
      },
      {
        epsLow: settings.epsLow,
        epsHigh: pick(batch.epsHigh),
        dualClip: settings.dualClip,
        klCoef: settings.klCoef,
        aggregation,
      },
      { ...DEFAULT_OPTIMIZER, learningRate: settings.learningRate },
    );
    idx.forEach((i, j) => {
      ratios[i] = stats.ratios[j] as number[];
      branches[i] = stats.branches[j] as ClipBranch[];
    });
    updates.push({
      loss: stats.loss,
      pgLoss: stats.pgLoss,
      kl: stats.kl,
      entropy: stats.entropy,
      gradNorm: stats.gradNorm,
      sequences: idx.length,
      ...clipFractions(stats.ratios, stats.branches, mask),
      ...(stats.skipped ? { skipped: stats.skipped } : {}),
    });
    onStep?.(updates.length, parts.length);
  }
  return { updates, ratios, branches };
}
