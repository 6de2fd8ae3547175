/**
 * `npm run pretrain`'s options (scripts/pretrain.ts) and the metadata its checkpoint records, in one
 * place so the shipped base's header can be checked against the recipe that made it
 * (scripts/record/manifest.ts; tests/unit/scripts/record/manifest.test.ts).
 */
import { MIX_OPTION_ARGS, mixOptionsOf } from './corpus';

/** The options as `node:util` parseArgs declares them, with their defaults. */
export const PRETRAIN_ARGS = {
  seed: { type: 'string', default: '20251' },
  steps: { type: 'string', default: '2500' },
  lr: { type: 'string', default: '0.003' },
  out: { type: 'string', default: 'public/models/base.a0lm' },
  'save-every': { type: 'string', default: '250' },
  from: { type: 'string' },
  ...MIX_OPTION_ARGS,
} as const;

/** What the checkpoint's metadata records after `done` steps (the smoothed loss is added by the script). */
export function pretrainMetadata(values: Record<string, unknown>, done: number): Record<string, string | number> {
  return {
    seed: Number(values.seed),
    steps: done,
    peakLr: Number(values.lr),
    trainedBy: 'scripts/pretrain.ts',
    ...(typeof values.from === 'string' && values.from ? { warmStartFrom: values.from } : {}),
    ...mixOptionsOf(values),
  };
}
