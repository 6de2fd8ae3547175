/**
 * Per-token training targets of repair trajectories: the loss mask is 1 on the tokens the agent
 * generated in a trained step (prompt and observation tokens, and masked steps, carry no loss) and
 * the per-token advantage is A · w_k for a token of step k. The mask stays unweighted, so the
 * token-mean loss divides by the plain count of trained tokens; because w_k ≥ 0 scales both terms
 * of the clipped surrogate alike, max(−A·w·ρ, −A·w·clip(ρ)) = w · max(−A·ρ, −A·clip(ρ)): the weight
 * multiplies the step's per-token policy loss exactly.
 */

export interface TargetInput {
  /** Length of the full token sequence. */
  length: number;
  /** Per step: [start, end) of its generated tokens. */
  spans: readonly (readonly [number, number])[];
  advantage: number;
  trainedSteps: readonly boolean[];
  weights: readonly number[];
}

/** The loss mask and per-token advantages of one trajectory (see the file comment). */
export function tokenTargets(x: TargetInput): { lossMask: number[]; advantages: number[] } {
  const lossMask = new Array<number>(x.length).fill(0);
  const advantages = new Array<number>(x.length).fill(0);
  x.spans.forEach(([a, b], k) => {
    if (!x.trainedSteps[k]) return;
    if (a < 1 || b > x.length || a > b)
      throw new Error(`tokenTargets: step ${k} spans [${a}, ${b}) outside 1 … ${x.length}.`);
    for (let t = a; t < b; t++) {
      lossMask[t] = 1;
      advantages[t] = x.advantage * (x.weights[k] as number);
    }
  });
  return { lossMask, advantages };
}

/**
 * The trajectories the update trains on: every one with at least one trained token, those whose
 * advantage is 0 on every token included (a no-signal group). Their tokens stay in the token-mean's
 * denominator (the unweighted count of the batch's trained tokens) and keep their KL term; only
 * trajectories with no trained token at all (fully masked) are left out, which changes no term.
 */
export function updateRows(lossMask: readonly (readonly number[])[]): number[] {
  return lossMask.flatMap((row, i) => (row.some((m) => m !== 0) ? [i] : []));
}
