/**
 * Agent0's Table 3 (ablations) and Table 9 (curriculum interaction turns) as runs of the simulator:
 * each variant is the defaults with the settings below, on the same preset, seeds and held-out set
 * (`npm run record:ablation`, scripts/record-ablation.ts; docs/algorithms.md §1.8).
 */
import type { ConfigOverride } from '../../core/config';
import { PAPER_TABLE3, PAPER_TABLE9, type PaperAccuracy } from '../../core/paper';

export type AblationId =
  | 'full'
  | 'no-curriculum-training'
  | 'no-tool-reward'
  | 'no-repetition-penalty'
  | 'grpo-executor'
  | 'single-turn-executor'
  | 'curriculum-one-turn';

/** The paper's score for a variant (src/core/paper.ts): Table 3's math and general averages, or Table 9's columns. */
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

/** A variant's row of Table 3 (src/core/paper.ts), against full Agent0. */
const table3 = ({ math, general }: PaperAccuracy): PaperScore => ({
  table: 3,
  fullMath: PAPER_TABLE3.full.math,
  fullGeneral: PAPER_TABLE3.full.general,
  math,
  general,
});
/** A variant's row of Table 9 (src/core/paper.ts), against its 4 turns. */
const table9 = ({ math, general }: PaperAccuracy): PaperScore => ({
  table: 9,
  fullMath: PAPER_TABLE9.fourTurns.math,
  fullGeneral: PAPER_TABLE9.fourTurns.general,
  math,
  general,
});

/** The variants, in the paper's order (Table 3, then Table 9's one-turn row). */
export const ABLATION_VARIANTS: readonly AblationVariant[] = [
  { id: 'full', set: {}, paper: null },
  // The curriculum agent is scored but never updated (questioner.train, docs §1.8).
  {
    id: 'no-curriculum-training',
    set: { questioner: { train: false } },
    paper: table3(PAPER_TABLE3['no-curriculum-training']),
  },
  { id: 'no-tool-reward', set: { reward: { toolRewardPerCall: 0 } }, paper: table3(PAPER_TABLE3['no-tool-reward']) },
  {
    id: 'no-repetition-penalty',
    set: { reward: { repetitionWeight: 0 } },
    paper: table3(PAPER_TABLE3['no-repetition-penalty']),
  },
  { id: 'grpo-executor', set: { executor: { algorithm: 'grpo' } }, paper: table3(PAPER_TABLE3['grpo-executor']) },
  {
    id: 'single-turn-executor',
    set: { executor: { maxTurns: 1 } },
    paper: table3(PAPER_TABLE3['single-turn-executor']),
  },
  // Table 9: one interaction turn while the curriculum agent writes, against the default 4.
  { id: 'curriculum-one-turn', set: { questioner: { maxTurns: 1 } }, paper: table9(PAPER_TABLE9.oneTurn) },
];

export function ablationVariant(id: string): AblationVariant | undefined {
  return ABLATION_VARIANTS.find((v) => v.id === id);
}
