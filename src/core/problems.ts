/**
 * Problems a person can be shown (settings refused, forks refused, files refused, the engine not
 * starting) as plain data: a discriminated union with the values a sentence needs, never the
 * sentence itself. The core words them in English (problems-en.ts) for `Error.message` and the
 * command line; the page words them in its own language (src/ui/text/problems-*.ts). Every value is
 * structured-clone safe, so a report crosses the worker boundary as it is.
 */
import type { SettingRule } from './config-rules';
import type { WorkBudgetName } from './work-budget';

/** What of a model a `checkpoint-values` problem is about (AdamW's m and v for the moments). */
export type CheckpointValuesPart = 'weights' | 'first-moments' | 'second-moments';

/** A recorded-file field the repair ablation reader expected (src/repair/recording.ts). */
export type RepairField =
  | 'metrics'
  | 'number'
  | 'terminations'
  | 'sample'
  | 'tokens'
  | 'steps'
  | 'step'
  | 'step-index'
  | 'tier'
  | 'raised'
  | 'signal'
  | 'variant-run'
  | 'variant'
  | 'iterations'
  | 'iteration'
  | 'masked'
  | 'task'
  | 'samples'
  | 'config'
  | 'runs'
  | 'seeds'
  | 'seed'
  | 'seed-variants';

/** A field of a run file's header and what it must be (src/engine/files/run-header.ts). */
export type RunHeaderField =
  | 'header'
  | 'position'
  | 'rng'
  | 'optimizer-steps'
  | 'baseline'
  | 'summaries'
  | 'summary'
  | 'trace'
  | 'record'
  /** A recording's Table 5 (src/engine/files/coevolution-table.ts): the list, a row's executor, its cells, one cell. */
  | 'coevolution'
  | 'coevolution-solver'
  | 'coevolution-cells'
  | 'coevolution-cell';

/** A field of the recorded Table 3 / Table 9 ablation and what it must be (src/engine/studies/ablation-file.ts). */
export type AblationField =
  'iterations' | 'seeds' | 'questions' | 'variants' | 'variant' | 'runs' | 'run' | 'summaries' | 'summary';

/** Why the live run's Table 5 cannot be computed (src/engine/studies/executor-snapshots.ts). */
export type CoevolutionUnavailable = 'no-iteration' | 'executors-missing';

/**
 * A recording served with the app: a run, the repair ablation, or the ablation of Agent0's Tables 3
 * and 9 (`npm run record:ablation`).
 */
export type RecordingKind = 'run' | 'ablation' | 'tables-3-9';

/**
 * How the server answered for a file served with the app that is not there: the HTTP status of a
 * failed answer, or `web-page` when it answered 200 with an HTML page in the file's place (the
 * fallback of vite's servers and of many static hosts for paths they do not have).
 */
export type MissingAnswer = number | 'web-page';

/** The file formats the page reads as JSON. */
export type FileFormat = 'agent0-lab-run' | 'agent0-lab-repair-run' | 'agent0-lab-ablation';

/** Values are kept as their JSON text (`got: '2'`, `got: '"adpo"'`) so they print exactly as written. */
export type Problem =
  // Settings (src/core/config.ts, config-rules.ts, release.ts, src/engine/loop/overrides.ts).
  | { kind: 'not-an-object'; path: string; got: string }
  | { kind: 'unknown-setting'; path: string }
  | { kind: 'no-rule'; path: string }
  | { kind: 'out-of-range'; path: string; rule: SettingRule; got: string }
  | { kind: 'order'; low: string; lowValue: number; high: string; highValue: number; strict: boolean }
  | { kind: 'unknown-preset'; got: string; allowed: string[] }
  | { kind: 'release-conflict'; path: string; released: string; got: string }
  /** proxy.uncheckedAnswer=violation with questioner.maxTurns=0: no sample could run its check. */
  | { kind: 'check-without-tool' }
  | { kind: 'override-syntax'; item: string }
  /** A phase or an iteration asking for more work than a tab can do: `got` = `formula` of `paths`, above `limit`. */
  | { kind: 'work-budget'; budget: WorkBudgetName; paths: string[]; formula: string; got: number; limit: number }
  // Forks (src/engine/files/fork.ts, worker.ts, src/ui/lib/fork-url.ts).
  | { kind: 'fork-empty' }
  | { kind: 'fork-unknown-section'; section: string }
  | { kind: 'fork-unchanged'; path: string; value: string }
  | { kind: 'fork-mid-iteration' }
  | { kind: 'fork-url-syntax'; entry: string }
  /** A fork in the address after more iterations than the Run box allows (`limit`). */
  | { kind: 'fork-url-too-far'; entry: string; limit: number }
  // Run files, recordings and checkpoints.
  | { kind: 'file-unreadable' }
  | { kind: 'wrong-format'; format: FileFormat }
  | { kind: 'wrong-version'; format: FileFormat; got: string }
  | { kind: 'no-trace' }
  | { kind: 'repair-malformed'; path: string; expected: RepairField }
  | { kind: 'ablation-malformed'; path: string; expected: AblationField }
  | { kind: 'recording-missing'; what: RecordingKind; url: string; status: MissingAnswer; command: string }
  | { kind: 'recording-not-json'; what: RecordingKind; url: string }
  | { kind: 'served-missing'; url: string; status: MissingAnswer }
  | { kind: 'checkpoint-too-short'; bytes: number }
  | { kind: 'checkpoint-magic'; magic: string }
  | { kind: 'checkpoint-version'; got: number; expected: number }
  | { kind: 'checkpoint-damaged' }
  | { kind: 'checkpoint-header-length' }
  | { kind: 'checkpoint-header-json' }
  | { kind: 'checkpoint-sections' }
  | { kind: 'checkpoint-section-bytes'; held: number; file: number }
  | { kind: 'checkpoint-optimizer-bytes'; got: number; expected: number }
  | { kind: 'checkpoint-settings' }
  /** A run file's field (saved run header or recording) that is not what a run holds (`field` names it in code). */
  | { kind: 'checkpoint-header'; field: string; expected: RunHeaderField }
  /** A run file holding more than any run can (`count` of `field`, above `limit`), or nested too deep. */
  | { kind: 'checkpoint-too-large'; field: string; count: number; limit: number }
  /** A model section that does not fit this build's model; `detail` is the model check's own words. */
  | { kind: 'checkpoint-model'; role: 'questioner' | 'executor'; detail: string }
  /** A value no trained model holds: a weight or AdamW first moment that is not finite, a second
   *  moment that is not finite or negative (`role` null: a model file, not a saved run). */
  | {
      kind: 'checkpoint-values';
      role: 'questioner' | 'executor' | null;
      what: CheckpointValuesPart;
      param: string;
      index: number;
      /** The value as `String(x)` gives it: "NaN", "Infinity", "-0.5". */
      value: string;
    }
  | { kind: 'trace-damaged'; iteration: number }
  | { kind: 'save-mid-iteration'; iteration: number; phase: string }
  | { kind: 'no-saved-run'; slot: string }
  /** Table 5 asked of the live run before its first iteration, or without the executors it needs (a loaded run). */
  | { kind: 'coevolution-unavailable'; cause: CoevolutionUnavailable }
  // The engine.
  | { kind: 'model-missing'; model: 'base' | 'repair'; status: number }
  | { kind: 'engine-not-ready' }
  | { kind: 'engine-silent'; seconds: number }
  | { kind: 'engine-failed' }
  /** The Python sandbox's worker failed to load or boot, or did not boot in time: no program can run. */
  | { kind: 'sandbox-failed'; reason: string }
  | { kind: 'repair-busy' }
  | { kind: 'repair-worker-failed' }
  /** An error nobody structured (a browser's or a library's words), shown as it came. */
  | { kind: 'unexpected'; message: string };

export type ProblemKind = Problem['kind'];

/** What a list of problems is about: settings asked for, or the changes of a fork. */
export type ProblemHeading = 'settings' | 'changes';

/** Problems as one report: an optional heading, the file or slot they concern, the problems in order. */
export interface ProblemReport {
  heading: ProblemHeading | null;
  source: string | null;
  problems: Problem[];
}

/** One sentence per problem kind, in one language. */
export type ProblemWords = { [K in ProblemKind]: (p: Extract<Problem, { kind: K }>) => string };

/** A language's sentences for problems and the headings of their lists. */
export interface ReportWords {
  problem: ProblemWords;
  heading: Record<ProblemHeading, string>;
}

/** The sentence for one problem in the language of `words`. */
export function formatProblem(words: ReportWords, p: Problem): string {
  return (words.problem[p.kind] as (p: Problem) => string)(p);
}

/**
 * A report as text: `source: ` before it, then either `heading:` and one indented line per problem,
 * or (no heading) the problems one per line.
 */
export function formatReport(words: ReportWords, r: ProblemReport): string {
  const lines = r.problems.map((p) => formatProblem(words, p));
  const body = r.heading === null ? lines.join('\n') : `${words.heading[r.heading]}\n  ${lines.join('\n  ')}`;
  return r.source === null ? body : `${r.source}: ${body}`;
}

/** A report of `problems` with no heading and no source. */
export function plainReport(...problems: Problem[]): ProblemReport {
  return { heading: null, source: null, problems };
}
