/**
 * Agent0's Table 3 (ablations) and Table 9 (curriculum interaction turns) as runs of the simulator:
 * each variant is the defaults with the settings below, on the same preset, seeds and held-out set
 * (`npm run record:ablation`, scripts/record-ablation.ts; docs/algorithms.md §1.8).
 */
import type { ConfigOverride } from '../../core/config';

export type AblationId =
  | 'full'
  | 'no-curriculum-training'
  | 'no-tool-reward'
  | 'no-repetition-penalty'
  | 'grpo-executor'
  | 'single-turn-executor'
  | 'curriculum-one-turn';

/** The paper's score for a variant: Table 3's math and general averages, or Table 9's overall one. */
export interface PaperScore {
  table: 3 | 9;
  /** Table 3: math average; Table 9: the math column. */
  math: number;
  general: number;
  /** The same table's full-Agent0 row (Table 9: 4 turns), for the variant's difference. */
  fullMath: number;
  fullGeneral: number;
}

export interface AblationVariant {
  id: AblationId;
  /** The settings it changes from the defaults; `{}` for the full run. */
  set: ConfigOverride;
  /** Null for the full run, which both tables compare against. */
  paper: PaperScore | null;
}

const TABLE3 = { table: 3, fullMath: 58.2, fullGeneral: 36.7 } as const;
const TABLE9 = { table: 9, fullMath: 51.9, fullGeneral: 31.6 } as const;

/** The variants, in the paper's order (Table 3, then Table 9's one-turn row). */
export const ABLATION_VARIANTS: readonly AblationVariant[] = [
  { id: 'full', set: {}, paper: null },
  // The curriculum agent is scored but never updated (questioner.train, docs §1.8).
  {
    id: 'no-curriculum-training',
    set: { questioner: { train: false } },
    paper: { ...TABLE3, math: 46.8, general: 29.5 },
  },
  { id: 'no-tool-reward', set: { reward: { toolRewardPerCall: 0 } }, paper: { ...TABLE3, math: 48.7, general: 31.8 } },
  {
    id: 'no-repetition-penalty',
    set: { reward: { repetitionWeight: 0 } },
    paper: { ...TABLE3, math: 47.9, general: 31.3 },
  },
  { id: 'grpo-executor', set: { executor: { algorithm: 'grpo' } }, paper: { ...TABLE3, math: 56.2, general: 34.9 } },
  { id: 'single-turn-executor', set: { executor: { maxTurns: 1 } }, paper: { ...TABLE3, math: 55.9, general: 35.3 } },
  // Table 9: one interaction turn while the curriculum agent writes, against the default 4.
  { id: 'curriculum-one-turn', set: { questioner: { maxTurns: 1 } }, paper: { ...TABLE9, math: 50.4, general: 30.8 } },
];

export function ablationVariant(id: string): AblationVariant | undefined {
  return ABLATION_VARIANTS.find((v) => v.id === id);
}
