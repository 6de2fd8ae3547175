/**
 * A run's curves from any run file: a recording (`npm run simulate -- --out FILE.json`, the
 * shipped public/runs/*.json) or a saved run (`.a0run`, Save file / `simulate --checkpoint`).
 * Only what the compare view draws is kept: settings, base model, per-iteration summaries.
 */
import { type Agent0Config, makeConfig, PRESET_NAMES, type PresetName } from '../../core/config';
import { fromSource, ProblemError } from '../../core/problem-error';
import { configDiff } from '../../engine/config-diff';
import { decodeRun } from '../../engine/run-checkpoint';
import type { IterationSummary } from '../../engine/summary';
import type { EvaluationResult } from '../../engine/trace';
import { asRecordedRun } from './recorded';

export interface RunCurves {
  /** The preset named in the file, or (for .a0run files, which name none) the closest one. */
  preset: PresetName;
  config: Agent0Config;
  baseline: EvaluationResult | null;
  summaries: IterationSummary[];
}

/** The preset whose settings (with this run's seed) differ from `config` in the fewest places. */
export function closestPreset(config: Agent0Config): PresetName {
  const distance = (p: PresetName) => configDiff([makeConfig(p, { seed: config.seed }), config]).length;
  return PRESET_NAMES.reduce((best, p) => (distance(p) < distance(best) ? p : best));
}

/**
 * Read a run file's bytes; `name` is only for the messages. Throws a ProblemError about `name` that
 * a teacher can act on.
 */
export function readRunFile(bytes: Uint8Array, name: string): RunCurves {
  try {
    if (new TextDecoder().decode(bytes.subarray(0, 4)) === 'A0RN') {
      const { header } = decodeRun(bytes);
      const { config, baseline, summaries } = header;
      return { preset: closestPreset(config), config, baseline, summaries };
    }
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new ProblemError([{ kind: 'file-unreadable' }]);
    }
    const run = asRecordedRun(data);
    return { preset: run.preset, config: run.config, baseline: run.baseline, summaries: run.summaries };
  } catch (err) {
    throw fromSource(err, name);
  }
}
