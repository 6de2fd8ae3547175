/**
 * What `npm run bench` runs and for how long (index.ts): the sections asked for, or by default every
 * section that is not opt-in, each within a bound of wall-clock seconds. A section past its bound is
 * stopped; its result is the figures it had reported so far, with `cut` saying so.
 */

/** What a section file says about itself beyond its `run`. */
export interface SectionInfo {
  name: string;
  /** Run only when asked for by name (e.g. timings on SwiftShader, which a default run leaves out). */
  optIn?: boolean;
  /** Its own default bound in seconds, where the common one does not fit (e.g. a build comes first). */
  boundSeconds?: number;
}

/** A section file (`*.bench.ts`): its `run` may report figures as it goes (`report`), which are
 *  what is kept when it is stopped at its bound. */
export interface BenchSection extends SectionInfo {
  run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>>;
}

/** The common default bound of a section, in seconds. */
export const DEFAULT_BOUND_SECONDS = 300;

/** The command line of `npm run bench`: section names, and `--bound=SECONDS` for every section. */
export interface BenchArgs {
  names: string[];
  /** Seconds from `--bound=`, or null for each section's default. */
  boundSeconds: number | null;
}

/** Reads `npm run bench [-- name ...] [--bound=SECONDS]`; throws on anything else. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const names: string[] = [];
  let boundSeconds: number | null = null;
  for (const arg of argv) {
    const bound = /^--bound=(.*)$/.exec(arg);
    if (bound) {
      const value = Number(bound[1]);
      if (!(value > 0) || !Number.isFinite(value)) throw new Error(`--bound wants a number of seconds above 0: ${arg}`);
      boundSeconds = value;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg} (only --bound=SECONDS)`);
    else names.push(arg);
  }
  return { names, boundSeconds };
}

/** The sections to run, in the order given: those named (an unknown name throws), else every
 *  section that is not opt-in. */
export function sectionsToRun<S extends SectionInfo>(sections: readonly S[], names: readonly string[]): S[] {
  for (const n of names)
    if (!sections.some((s) => s.name === n))
      throw new Error(`no bench section ${n} (there are: ${sections.map((s) => s.name).join(', ')})`);
  return names.length > 0 ? sections.filter((s) => names.includes(s.name)) : sections.filter((s) => !s.optIn);
}

/** A section's bound in seconds: `--bound=` when given, else its own default, else the common one. */
export function boundOf(section: SectionInfo, args: BenchArgs): number {
  return args.boundSeconds ?? section.boundSeconds ?? DEFAULT_BOUND_SECONDS;
}

/** The result of a section stopped at its bound: what it had reported, and `cut` saying so. */
export function cutResult(partial: Record<string, unknown>, boundSeconds: number): Record<string, unknown> {
  return { ...partial, cut: `stopped at its bound of ${boundSeconds} s; the figures above are those it had by then` };
}
