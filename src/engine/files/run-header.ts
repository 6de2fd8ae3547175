/**
 * A run file's header checked field by field before anything of a run changes (persist.ts): its
 * nesting, its position (between iterations, steps within the settings), its PRNG state, its
 * optimizer step counts, its baseline, summaries and trace records, each of known shape and below
 * a bound no run reaches. A header that fails is refused whole with the field that failed.
 */
import { depthAtMost } from '../../core/json-depth';
import { ProblemError } from '../../core/problem-error';
import type { Problem, RunHeaderField } from '../../core/problems';
import { iterationStart } from '../loop/loop-position';
import type { RunHeader } from './run-checkpoint';
import { PHASES } from '../loop/trace';

/** Deeper than any record the engine writes (the deepest is about 8 levels). */
export const MAX_HEADER_DEPTH = 64;
/** Far more records than a run of thousands of iterations writes (about 30 an iteration). */
export const MAX_TRACE_RECORDS = 200_000;
/** One summary an iteration: far more than any run has. */
export const MAX_SUMMARIES = 20_000;
/** Far above any run's optimizer updates (steps × updates per step × iterations). */
export const MAX_OPTIMIZER_STEPS = 1_000_000_000;

const fail = (problem: Problem): never => {
  throw new ProblemError([problem]);
};
const refuse = (field: string, expected: RunHeaderField): never => fail({ kind: 'checkpoint-header', field, expected });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkPosition(p: unknown): void {
  const ok =
    isObject(p) &&
    Number.isSafeInteger(p.iteration) &&
    (p.iteration as number) >= 1 &&
    (['phase', 'questionerStep', 'executorStep'] as const).every(
      (k) => p[k] === iterationStart(p.iteration as number)[k],
    );
  // Saves are made between iterations only (saveRun), so no other position is one a file holds.
  if (!ok) refuse('position', 'position');
}

function checkRng(rng: unknown): void {
  const ok =
    Array.isArray(rng) && rng.length === 4 && rng.every((w) => isCount(w, 0xffffffff)) && rng.some((w) => w !== 0);
  if (!ok) refuse('rng', 'rng');
}

export function checkBaseline(b: unknown): void {
  if (b === null) return;
  const ok =
    isObject(b) &&
    isNumber(b.accuracy) &&
    isNumber(b.toolUseRate) &&
    (b.pseudoLabelAccuracy === null || isNumber(b.pseudoLabelAccuracy)) &&
    Array.isArray(b.byDifficulty) &&
    b.byDifficulty.every(
      (d) => isObject(d) && isNumber(d.difficulty) && isNumber(d.accuracy) && isNumber(d.toolUse) && isNumber(d.n),
    );
  if (!ok) refuse('baseline', 'baseline');
}

/** The by-level arrays a summary may hold (src/engine/loop/summary.ts `LevelSummary`): one entry per difficulty. */
const LEVEL_ARRAYS: ReadonlySet<string> = new Set(['byDifficulty', 'levels']);
/** At most this many entries in a by-level array (the task family has 7 difficulties). */
const MAX_LEVELS = 64;

/** An array of at most MAX_LEVELS objects whose every value is a number or null. */
const isLevelArray = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.length <= MAX_LEVELS &&
  v.every((e) => isObject(e) && Object.values(e).every((x) => x === null || isNumber(x)));

export function checkSummaries(s: unknown): void {
  if (!Array.isArray(s)) return refuse('summaries', 'summaries');
  if (s.length > MAX_SUMMARIES)
    fail({ kind: 'checkpoint-too-large', field: 'summaries.length', count: s.length, limit: MAX_SUMMARIES });
  s.forEach((x, i) => {
    const ok =
      isObject(x) &&
      Number.isSafeInteger(x.iteration) &&
      Object.entries(x).every(([k, v]) => (LEVEL_ARRAYS.has(k) ? isLevelArray(v) : v === null || isNumber(v)));
    if (!ok) refuse(`summaries[${i}]`, 'summary');
  });
}

const KNOWN_PHASES: ReadonlySet<unknown> = new Set(PHASES);

function checkTrace(t: unknown): void {
  if (!Array.isArray(t)) return refuse('trace', 'trace');
  if (t.length > MAX_TRACE_RECORDS)
    fail({ kind: 'checkpoint-too-large', field: 'trace.length', count: t.length, limit: MAX_TRACE_RECORDS });
  t.forEach((r, i) => {
    const ok =
      isObject(r) &&
      KNOWN_PHASES.has(r.phase) &&
      Number.isSafeInteger(r.iteration) &&
      (r.iteration as number) >= 1 &&
      Number.isSafeInteger(r.step) &&
      (r.step as number) >= 0 &&
      (!('rollouts' in r) || Array.isArray(r.rollouts));
    if (!ok) refuse(`trace[${i}]`, 'record');
  });
}

/**
 * `header` (parsed JSON of unknown shape) as a RunHeader, or a ProblemError naming the first field
 * that is not what a saved run holds. The settings themselves are checked by the caller (compared
 * with the engine's, or validated).
 */
export function checkRunHeader(header: unknown): RunHeader {
  if (!isObject(header)) return refuse('header', 'header');
  if (!depthAtMost(header, MAX_HEADER_DEPTH))
    fail({ kind: 'checkpoint-too-large', field: 'depth', count: MAX_HEADER_DEPTH + 1, limit: MAX_HEADER_DEPTH });
  checkPosition(header.position);
  checkRng(header.rng);
  const steps = header.optimizerSteps;
  if (!Array.isArray(steps) || steps.length !== 2 || !steps.every((s) => isCount(s, MAX_OPTIMIZER_STEPS)))
    refuse('optimizerSteps', 'optimizer-steps');
  checkBaseline(header.baseline);
  checkSummaries(header.summaries);
  checkTrace(header.trace);
  return header as unknown as RunHeader;
}
