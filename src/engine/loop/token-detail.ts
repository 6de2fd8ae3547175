/** Token-level detail for the views, kept for the first few groups of a batch only. */
import type { Tokenizer } from '../../core/tokenizer';
import type { PolicyUpdateResult } from '../../rl/policy-update';
import type { TokenDetail } from './trace';

export function tokenDetails(
  tokenizer: Tokenizer,
  sequences: number[][],
  lossMask: number[][],
  advantages: number[],
  update: PolicyUpdateResult,
  groups: number[],
  sampleGroups: number,
): Record<number, TokenDetail> {
  const keep = new Set([...new Set(groups)].slice(0, sampleGroups));
  const out: Record<number, TokenDetail> = {};
  sequences.forEach((seq, i) => {
    if (!keep.has(groups[i] as number)) return;
    const mask = lossMask[i] as number[];
    out[i] = {
      pieces: seq.map((id) => tokenizer.vocab[id] ?? '?'),
      mask,
      advantage: mask.map((m) => m * (advantages[i] as number)),
      ratio: update.ratios[i] as number[],
      branch: update.branches[i],
    };
  });
  return out;
}
