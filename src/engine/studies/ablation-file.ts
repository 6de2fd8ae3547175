/**
 * The recorded ablation of Agent0's Tables 3 and 9 (`npm run record:ablation`, shipped as
 * public/runs/coevolution-ablation.json): every variant of ABLATION_VARIANTS run on the same preset,
 * iterations and seeds, each run kept as its per-iteration summaries. The one place that writes the
 * file and reads it back; a file that does not hold exactly the registry's variants with their
 * settings, each run on every seed, is refused whole.
 */
import type { PresetName } from '../../core/config';
import { ProblemError } from '../../core/problem-error';
import type { AblationField } from '../../core/problems';
import { ABLATION_VARIANTS, type AblationId } from './ablation-variants';
import type { IterationSummary } from '../loop/summary';
import type { LevelEvaluation } from '../loop/levels';

export const ABLATION_FORMAT = 'agent0-lab-ablation';
export const ABLATION_VERSION = 1;

export interface AblationRun {
  seed: number;
  /** Held-out accuracy of the base model before training, under the variant's own settings. */
  baseline: number;
  /** The same per difficulty (as `EvaluationResult.byDifficulty`); absent in recordings made before it was kept. */
  baselineByDifficulty?: LevelEvaluation[];
  /** Per iteration; each keeps its by-level figures (`byDifficulty`, `levels`) when made since they exist. */
  summaries: IterationSummary[];
}

export interface AblationRecording {
  format: typeof ABLATION_FORMAT;
  version: typeof ABLATION_VERSION;
  preset: PresetName;
  iterations: number;
  seeds: number[];
  /** Held-out questions each evaluation scores (7 difficulties × evaluation.questionsPerDifficulty). */
  questions: number;
  variants: { id: AblationId; set: object; runs: AblationRun[] }[];
}

const malformed = (path: string, expected: AblationField) =>
  new ProblemError([{ kind: 'ablation-malformed', path, expected }]);
const isShare = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;
/** Absent, or one entry per difficulty with a count and two shares. */
const isByDifficulty = (x: unknown): boolean =>
  x === undefined ||
  (Array.isArray(x) &&
    x.length <= 64 &&
    x.every(
      (d: Partial<LevelEvaluation> | null) =>
        Number.isInteger(d?.difficulty) && Number.isInteger(d?.n) && isShare(d?.accuracy) && isShare(d?.toolUse),
    ));

/** The recording's text, one line of JSON. */
export function encodeAblation(recording: Omit<AblationRecording, 'format' | 'version'>): string {
  return JSON.stringify({ format: ABLATION_FORMAT, version: ABLATION_VERSION, ...recording });
}

/** A recording's text read and checked (asAblation); a text that is not JSON is refused too. */
export function decodeAblation(text: string): AblationRecording {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProblemError([{ kind: 'file-unreadable' }]);
  }
  return asAblation(data);
}

/** A parsed recording checked; throws a ProblemError naming the first place that is wrong. */
export function asAblation(parsed: unknown): AblationRecording {
  const data = parsed as Partial<AblationRecording> | null;
  if (!data || data.format !== ABLATION_FORMAT)
    throw new ProblemError([{ kind: 'wrong-format', format: ABLATION_FORMAT }]);
  if (data.version !== ABLATION_VERSION)
    throw new ProblemError([{ kind: 'wrong-version', format: ABLATION_FORMAT, got: String(data.version) }]);
  const { iterations, seeds, questions, variants } = data;
  if (!Number.isInteger(iterations) || (iterations as number) < 1) throw malformed('iterations', 'iterations');
  if (
    !Array.isArray(seeds) ||
    seeds.length < 1 ||
    !seeds.every(Number.isInteger) ||
    new Set(seeds).size !== seeds.length
  )
    throw malformed('seeds', 'seeds');
  if (!Number.isInteger(questions) || (questions as number) < 1) throw malformed('questions', 'questions');
  if (!Array.isArray(variants) || variants.length !== ABLATION_VARIANTS.length) throw malformed('variants', 'variants');
  ABLATION_VARIANTS.forEach((expected, v) => {
    const got = variants[v];
    const at = `variants[${v}]`;
    if (got?.id !== expected.id || JSON.stringify(got.set) !== JSON.stringify(expected.set))
      throw malformed(at, 'variant');
    if (!Array.isArray(got.runs) || got.runs.length !== seeds.length) throw malformed(`${at}.runs`, 'runs');
    got.runs.forEach((run, r) => {
      const runAt = `${at}.runs[${r}]`;
      if (run?.seed !== seeds[r] || !isShare(run.baseline) || !isByDifficulty(run.baselineByDifficulty))
        throw malformed(runAt, 'run');
      if (!Array.isArray(run.summaries) || run.summaries.length !== iterations)
        throw malformed(`${runAt}.summaries`, 'summaries');
      run.summaries.forEach((s, i) => {
        if (s?.iteration !== i + 1 || !isShare(s.heldOutAccuracy) || !isByDifficulty(s.byDifficulty))
          throw malformed(`${runAt}.summaries[${i}]`, 'summary');
      });
    });
  });
  return data as AblationRecording;
}
