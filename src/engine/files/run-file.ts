/**
 * A run's curves from any run file: a recording (`npm run simulate -- --out FILE.json`, the
 * shipped public/runs/*.json) or a saved run (`.a0run`, Save file / `simulate --checkpoint`).
 * Only what the compare view draws is kept: settings, base model, per-iteration summaries, each
 * checked first (a file that fails is refused whole, with why).
 */
import { type Agent0Config, type ConfigOverride, makeConfig, PRESET_NAMES, type PresetName } from '../../core/config';
import { depthAtMost } from '../../core/json-depth';
import { fromSource, ProblemError } from '../../core/problem-error';
import { configDiff } from './config-diff';
import { decodeRun } from './run-checkpoint';
import { MAX_HEADER_DEPTH, checkBaseline, checkRunHeader, checkSummaries } from './run-header';
import type { IterationSummary } from '../loop/summary';
import type { EvaluationResult } from '../loop/trace';
import { asRecordedRun } from './recording';

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
 * What the compare view keeps of a file, checked before it is drawn: nesting (measured without
 * recursion), settings valid as any run's, a baseline of an evaluation's shape, at most
 * MAX_SUMMARIES summaries of numbers. Throws a ProblemError naming what is wrong.
 */
function checkedCurves(preset: PresetName | null, data: unknown): RunCurves {
  const { config, baseline, summaries } = data as RunCurves;
  if (!depthAtMost(config, MAX_HEADER_DEPTH))
    throw new ProblemError([
      { kind: 'checkpoint-too-large', field: 'depth', count: MAX_HEADER_DEPTH + 1, limit: MAX_HEADER_DEPTH },
    ]);
  makeConfig('faithful', config as ConfigOverride); // throws the settings' problems
  checkBaseline(baseline);
  checkSummaries(summaries);
  return { preset: preset ?? closestPreset(config), config, baseline, summaries };
}

/**
 * Read a run file's bytes; `name` is only for the messages. Throws a ProblemError about `name` that
 * a teacher can act on.
 */
export function readRunFile(bytes: Uint8Array, name: string): RunCurves {
  try {
    if (new TextDecoder().decode(bytes.subarray(0, 4)) === 'A0RN') {
      return checkedCurves(null, checkRunHeader(decodeRun(bytes).header));
    }
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new ProblemError([{ kind: 'file-unreadable' }]);
    }
    if (!depthAtMost(data, MAX_HEADER_DEPTH))
      throw new ProblemError([
        { kind: 'checkpoint-too-large', field: 'depth', count: MAX_HEADER_DEPTH + 1, limit: MAX_HEADER_DEPTH },
      ]);
    const run = asRecordedRun(data);
    return checkedCurves(run.preset, run);
  } catch (err) {
    throw fromSource(err, name);
  }
}
