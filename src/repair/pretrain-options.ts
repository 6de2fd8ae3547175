/**
 * `npm run pretrain:repair`'s options (scripts/pretrain-repair.ts) and the metadata its checkpoint
 * records, in one place so the shipped repair agent's header can be checked against the command that
 * made it (scripts/record/manifest.ts; tests/unit/scripts/record/manifest.test.ts).
 */

/** The options as `node:util` parseArgs declares them, with their defaults. */
export const REPAIR_PRETRAIN_ARGS = {
  seed: { type: 'string', default: '31337' },
  steps: { type: 'string', default: '2000' },
  lr: { type: 'string', default: '0.003' },
  out: { type: 'string', default: 'public/models/repair.a0lm' },
  'save-every': { type: 'string', default: '250' },
  batch: { type: 'string', default: '16' },
} as const;

/** What the checkpoint's metadata records after `done` steps (the smoothed loss is added by the script). */
export function repairPretrainMetadata(values: Record<string, unknown>, done: number): Record<string, string | number> {
  return { seed: Number(values.seed), steps: done, peakLr: Number(values.lr), trainedBy: 'scripts/pretrain-repair.ts' };
}
