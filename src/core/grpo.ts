/** Group-relative advantages (docs/algorithms.md §4.1). */

export interface GrpoOptions {
  /** Added to the std before dividing: A = (r − mean) / (std + eps). Default 1e-6. */
  eps?: number;
  /** false = Dr. GRPO: A = r − mean, no division by the std. Default true. */
  normalizeStd?: boolean;
  /**
   * A group with one member: `unit` uses mean 0, std 1 (executor code, so A = r);
   * `refuse` throws (curriculum code). Default `unit`.
   */
  singleton?: 'unit' | 'refuse';
}

export interface GroupStats {
  id: string | number;
  /** Positions of the group's members in the input arrays. */
  indices: number[];
  mean: number;
  /** Unbiased standard deviation (divisor G − 1); 0 for a singleton. */
  std: number;
  /** Every reward equal (and G > 1): all advantages are 0, the group teaches nothing. */
  noSignal: boolean;
}

export interface GrpoResult {
  advantages: number[];
  groups: GroupStats[];
}

/** Mean and unbiased std (divisor n − 1; 0 when n < 2). */
export function meanAndUnbiasedStd(values: readonly number[]): { mean: number; std: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, std: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, std: 0 };
  const sq = values.reduce((a, v) => a + (v - mean) * (v - mean), 0);
  return { mean, std: Math.sqrt(sq / (n - 1)) };
}

/** Members of each group, in order of first appearance. */
export function groupIndices(groupIds: readonly (string | number)[]): Map<string | number, number[]> {
  const groups = new Map<string | number, number[]>();
  groupIds.forEach((id, i) => {
    const members = groups.get(id);
    if (members) members.push(i);
    else groups.set(id, [i]);
  });
  return groups;
}

/**
 * A_i = (R_i − mean_g) / (std_g + eps), std unbiased, for each group g of rollouts sharing a prompt.
 * All-equal groups get exactly 0. Singletons follow `opts.singleton`.
 */
export function grpoAdvantages(
  rewards: readonly number[],
  groupIds: readonly (string | number)[],
  opts: GrpoOptions = {},
): GrpoResult {
  if (rewards.length !== groupIds.length) {
    throw new Error(`grpoAdvantages: ${rewards.length} rewards but ${groupIds.length} group ids.`);
  }
  rewards.forEach((r, i) => {
    if (!Number.isFinite(r)) throw new Error(`grpoAdvantages: reward ${i} is not finite (${r}).`);
  });
  const eps = opts.eps ?? 1e-6;
  const normalizeStd = opts.normalizeStd ?? true;
  const singleton = opts.singleton ?? 'unit';
  const advantages = new Array<number>(rewards.length).fill(0);
  const groups: GroupStats[] = [];
  for (const [id, indices] of groupIndices(groupIds)) {
    const values = indices.map((i) => rewards[i] as number);
    if (indices.length === 1) {
      if (singleton === 'refuse') {
        throw new Error(`grpoAdvantages: group ${String(id)} has a single rollout; GRPO needs G ≥ 2.`);
      }
      const i = indices[0] as number;
      advantages[i] = values[0] as number; // mean 0, std 1
      groups.push({ id, indices, mean: 0, std: 1, noSignal: false });
      continue;
    }
    const { mean, std } = meanAndUnbiasedStd(values);
    const noSignal = values.every((v) => v === values[0]);
    for (const i of indices) {
      const centred = noSignal ? 0 : (rewards[i] as number) - mean;
      advantages[i] = normalizeStd ? centred / (std + eps) : centred;
    }
    groups.push({ id, indices, mean, std, noSignal });
  }
  return { advantages, groups };
}
