/**
 * An Error that carries its problems as data (problems.ts): its `message` is the English report,
 * its `report` goes to the page (across the worker boundary as it is), which words it in its own
 * language. `reportOf` turns any thrown value into a report, so nothing reaches the page unworded.
 */
import { type Problem, type ProblemHeading, type ProblemReport, formatReport, plainReport } from './problems';
import { PROBLEMS_EN } from './problems-en';

export class ProblemError extends Error {
  readonly report: ProblemReport;

  constructor(
    problems: Problem[],
    options: { heading?: ProblemHeading | null; source?: string | null; cause?: unknown } = {},
  ) {
    const report: ProblemReport = { heading: options.heading ?? null, source: options.source ?? null, problems };
    super(formatReport(PROBLEMS_EN, report), options.cause === undefined ? undefined : { cause: options.cause });
    this.report = report;
    this.name = 'ProblemError';
  }

  get problems(): Problem[] {
    return this.report.problems;
  }
}

/** The report of a thrown value: a ProblemError's own, or its message as one `unexpected` problem. */
export function reportOf(err: unknown): ProblemReport {
  if (err instanceof ProblemError) return err.report;
  const message = err instanceof Error ? err.message : String(err);
  return plainReport({ kind: 'unexpected', message });
}

/** The same problems said about `source` (a file name, a slot): `source: …` in every language. */
export function fromSource(err: unknown, source: string): ProblemError {
  const r = reportOf(err);
  return new ProblemError(r.problems, { heading: r.heading, source, cause: err });
}
