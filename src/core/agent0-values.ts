/**
 * Agent0's own value of each setting of the simulator, where it differs or is worth stating, with
 * the note that says where it comes from: the Agent0 column of the preset table of
 * docs/algorithms.md §6.2 (generated from this table and `makeConfig` by `npm run docs:tables`).
 * Facts about Agent0 (aiming-lab/Agent0 @ 30e1882), never settings of a run. The text is Markdown.
 * A row that combines settings (`questioner.temperature` / `topP`) is keyed by its first setting; a
 * setting with no entry means the simulator uses Agent0's value (the cell stays blank).
 */
import type { Agent0Config } from './config';

/** A setting's dotted path, `section.key` (or `seed`, the one setting outside a section). */
export type SettingPath = {
  [S in keyof Agent0Config & string]: Agent0Config[S] extends object ? `${S}.${keyof Agent0Config[S] & string}` : S;
}[keyof Agent0Config & string];

export const AGENT0_VALUES: Partial<Record<SettingPath, string>> = {
  'release.mode': '`as-released` (§7.9)',
  'questioner.prompts': '512',
  'questioner.rolloutsPerPrompt': '4',
  'questioner.steps': '5',
  'questioner.updatesPerStep': '4',
  'questioner.maxTurns': '1–4 (Table 9)',
  'questioner.train': 'true (Table 3 ablates it)',
  'questioner.learningRate': '1e-6',
  'questioner.temperature': '1 / 0.99 (`config.yaml`)',
  'proxy.candidates': '10',
  'proxy.maxTurns': '4',
  'proxy.gate': 'true / 0.1 as released (§7.10)',
  'proxy.goldenAnswer': '`last-character` (§7.1)',
  'proxy.unboxedAnswer': '`none` (§7.8)',
  'proxy.uncheckedAnswer': '`scored` (no rule, §7.11)',
  'proxy.unreadableQuestion': '`scored` (no oracle, §7.13)',
  'reward.toolRewardPerCall': '0.05 (§7.12)',
  'reward.toolRewardSource': '`as-released` (§7.2)',
  'pool.questions': '8000',
  'labelling.samples': '9',
  'labelling.mode': '`plain` (§7.4)',
  'curation.minScore': '0.3 / 0.7 script default (§7.5)',
  'executor.algorithm': 'GRPO in effect (§7.3)',
  'executor.prompts': '128',
  'executor.rolloutsPerPrompt': '16',
  'executor.steps': '100',
  'executor.maxTurns': '4',
  'executor.updatesPerStep': '1 (§4.5)',
  'executor.learningRate': '1e-6',
  'executor.dualClip': '3 as released (§7.3)',
  'executor.minScale': '0.5 code default (§7.5)',
  'executor.toolOutputMaxChars': '512 tokens (§7.7)',
  'evaluation.questionsPerDifficulty': 'none (§1.6)',
};
