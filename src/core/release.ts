/**
 * The "as released" switch (`release.mode=as-released`): every behaviour of Agent0's released code
 * at once, where it departs from what the paper and the code's own structure intend
 * (docs/algorithms.md §7). The switch only sets ordinary settings, so the configuration a run
 * records is the effective one and names each behaviour by its own setting.
 */
import type { Agent0Config, ConfigOverride } from './config';
import type { Problem } from './problems';

/** The settings `release.mode=as-released` lays over the preset (before the run's own overrides). */
export const RELEASED_SETTINGS = {
  // §7.4: pseudo-labels come from the plain solver, without the Python tool.
  labelling: { mode: 'plain' },
  proxy: {
    // §7.1: the questioner's "golden" answer is the last character of its box ([-1]).
    goldenAnswer: 'last-character',
    // §7.8: no box reads as mathruler's "None" (so "e" after [-1]), not as a violation.
    unboxedAnswer: 'none',
    // §7.11: the released questioner has no tool, so nothing asks it to run a program.
    uncheckedAnswer: 'scored',
    // §7.13: the released code has no oracle to read a question with.
    unreadableQuestion: 'scored',
    gate: true,
    gateMinP: 0.1,
  },
  // §7.2: the tool term counts ```output blocks in the questioner's own text, 0.05 a block (§7.12);
  // U = min(p, 1 − p).
  reward: { toolRewardSource: 'as-released', toolRewardPerCall: 0.05, uncertaintyScale: 'min' },
  // §7.3: ADPO is not wired, the executor trains with verl's GRPO (clip 0.2 / 0.2, dual clip 3),
  // one update per batch (ppo_mini_batch_size = train_batch_size = 128, one epoch).
  executor: { algorithm: 'grpo', epsLow: 0.2, epsHigh: 0.2, dualClip: 3, updatesPerStep: 1 },
} as const satisfies ConfigOverride;

/** Every setting the switch fixes, as [dotted path, released value]. */
export function releasedEntries(): [string, unknown][] {
  return Object.entries(RELEASED_SETTINGS).flatMap(([section, values]) =>
    Object.entries(values).map(([key, value]): [string, unknown] => [`${section}.${key}`, value]),
  );
}

/**
 * Problems of a configuration whose `release.mode` is `as-released` but where a setting the switch
 * fixes holds another value (an override contradicting the switch). Empty under `as-intended`.
 */
export function releaseConflicts(config: Agent0Config): Problem[] {
  if (config.release.mode !== 'as-released') return [];
  const byPath = config as unknown as Record<string, Record<string, unknown>>;
  return releasedEntries().flatMap(([path, value]) => {
    const [section, key] = path.split('.') as [string, string];
    const got = byPath[section]?.[key];
    return got === value
      ? []
      : [
          {
            kind: 'release-conflict' as const,
            path,
            released: JSON.stringify(value),
            got: String(JSON.stringify(got)),
          },
        ];
  });
}
