/**
 * Which candidates a lesson prediction offers, picked from the run's trace for contrast: choices
 * that differ in what the question is about, so the class has something to reason with, and few
 * enough to be read (and reached) on one screen at 1280×720.
 */

/** A question the proxy scored (its contract held), or a rollout whose contract broke (question null). */
export interface RewardCandidate {
  rollout: number;
  question: string | null;
  /** The proxy's p; null for a broken contract (no question to answer). */
  p: number | null;
}

/** Choices in "which earns the highest reward?". */
export const REWARD_CHOICES = 4;

/** p to two decimals, as the choices print it: 0.333 and 0.334 are the same p to a reader. */
const shown = (p: number) => Math.round(p * 100);

/**
 * Up to REWARD_CHOICES rollouts that differ in p: one question per printed p, taken in this order —
 * p nearest 0.5 (the uncertainty term's peak), the highest p, the lowest p, the next nearest 0.5 —
 * then further distinct p's by nearness to 0.5, then repeats of a p (earliest rollout first) only if
 * the run has too few distinct p's. A rollout that broke its contract (reward −1) takes the last
 * place when one exists. Ties go to the earlier rollout; the choices are offered in rollout order.
 */
export function rewardChoices(scored: readonly RewardCandidate[], broken: number | null): RewardCandidate[] {
  const room = broken === null ? REWARD_CHOICES : REWARD_CHOICES - 1;
  const firstOfEach = new Map<number, RewardCandidate>();
  for (const c of scored) if (c.p !== null && !firstOfEach.has(shown(c.p))) firstOfEach.set(shown(c.p), c);
  const byNearness = [...firstOfEach.values()].sort(
    (a, b) => Math.abs((a.p as number) - 0.5) - Math.abs((b.p as number) - 0.5) || a.rollout - b.rollout,
  );
  const byP = [...firstOfEach.values()].sort((a, b) => (a.p as number) - (b.p as number) || a.rollout - b.rollout);
  const order = [byNearness[0], byP.at(-1), byP[0], byNearness[1], ...byNearness.slice(2), ...scored];
  const picked: RewardCandidate[] = [];
  for (const c of order) {
    if (picked.length === room) break;
    if (c && !picked.includes(c)) picked.push(c);
  }
  if (broken !== null && picked.length >= 2) picked.push({ rollout: broken, question: null, p: null });
  return picked.sort((a, b) => a.rollout - b.rollout);
}

/** A questioner group with its rollouts' rewards. */
export interface GroupCandidate {
  group: number;
  rewards: number[];
}

/** Groups in "which group gets no gradient?" (then "none of them"). */
export const GROUP_CHOICES = 4;

/** max − min of a group's rewards: 0 when every rollout earned the same (no gradient). */
export const spread = (rewards: readonly number[]): number =>
  rewards.length === 0 ? 0 : Math.max(...rewards) - Math.min(...rewards);

/**
 * Up to GROUP_CHOICES groups: the first groups whose rewards are all equal (spread 0; at most two), then
 * alternately the smallest and the largest spread of the rest (a near-tie tempts, a wide spread
 * anchors), ties to the lower group; offered in group order.
 */
export function groupChoices(groups: readonly GroupCandidate[]): GroupCandidate[] {
  const equal = groups.filter((g) => spread(g.rewards) === 0).slice(0, 2);
  const rest = groups
    .filter((g) => spread(g.rewards) > 0)
    .sort((a, b) => spread(a.rewards) - spread(b.rewards) || a.group - b.group);
  const picked = [...equal];
  while (picked.length < GROUP_CHOICES && rest.length > 0) {
    const take = (picked.length - equal.length) % 2 === 0 ? rest.shift() : rest.pop();
    if (take) picked.push(take);
  }
  return picked.sort((a, b) => a.group - b.group);
}
