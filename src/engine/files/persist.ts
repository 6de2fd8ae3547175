/** Save a run between iterations and restore it into an engine built with the same settings. */
import { ProblemError, fromSource } from '../../core/problem-error';
import type { Engine } from '../loop/engine';
import { atIterationStart } from '../loop/loop-position';
import { decodeRun, encodeRun, packFloats, unpackFloats } from './run-checkpoint';
import type { TinyLM } from '../../model/model';
import { checkRunHeader } from './run-header';
import type { PhaseRecord } from '../loop/trace';
import { upgradeTrace } from './trace-upgrade';

export async function saveRun(engine: Engine): Promise<Uint8Array> {
  if (!atIterationStart(engine.position)) {
    const { iteration, phase } = engine.position;
    throw new ProblemError([{ kind: 'save-mid-iteration', iteration, phase }]);
  }
  const { questioner, executor } = engine.models;
  const [qFile, xFile, qOpt, xOpt] = await Promise.all([
    questioner.save(),
    executor.save(),
    questioner.optimizer.exportState(),
    executor.optimizer.exportState(),
  ]);
  return encodeRun({
    header: {
      config: engine.config,
      position: engine.position,
      rng: engine.rng.getState(),
      baseline: engine.baseline,
      summaries: engine.summaries,
      trace: engine.trace,
      optimizerSteps: [qOpt.step, xOpt.step],
      sections: [],
    },
    sections: [qFile, xFile, packFloats(qOpt.moments), packFloats(xOpt.moments)],
  });
}

/**
 * Restore a saved run, atomically. The whole file is checked and decoded into fresh buffers first
 * (header fields, settings, both models' parameters by name and shape, both optimizers' moments,
 * the trace in its current shape); only then is anything of the engine written. A refused file
 * leaves models, optimizers, PRNG, position, baseline, summaries and trace exactly as they were, and
 * the ProblemError says why.
 */
export function restoreRun(engine: Engine, bytes: Uint8Array): void {
  const decoded = decodeRun(bytes);
  const header = checkRunHeader(decoded.header);
  const { sections } = decoded;
  if (JSON.stringify(header.config) !== JSON.stringify(engine.config)) {
    throw new ProblemError([{ kind: 'checkpoint-settings' }]);
  }
  let trace: PhaseRecord[];
  try {
    trace = upgradeTrace(header.trace); // runs saved by earlier builds read too
  } catch (err) {
    if (err instanceof ProblemError) throw err;
    throw new ProblemError([{ kind: 'checkpoint-header', field: 'trace', expected: 'trace' }], { cause: err });
  }
  const { questioner, executor } = engine.models;
  const values = [
    decodeModel('questioner', questioner, sections[0]),
    decodeModel('executor', executor, sections[1]),
  ] as const;
  const moments = [questioner, executor].map((m, i) => {
    const sizes = m.params.all.map((v) => v.size);
    return unpackFloats(sections[2 + i] as Uint8Array, [...sizes, ...sizes]);
  });
  // Nothing below can be refused: every value has been checked against what it replaces.
  questioner.assignValues(values[0]);
  executor.assignValues(values[1]);
  questioner.optimizer.importState({ step: header.optimizerSteps[0], moments: moments[0] as Float32Array[] });
  executor.optimizer.importState({ step: header.optimizerSteps[1], moments: moments[1] as Float32Array[] });
  engine.rng.setState(header.rng);
  engine.position = { ...header.position };
  engine.baseline = header.baseline;
  replaceAll(engine.trace, trace);
  replaceAll(engine.summaries, header.summaries);
}

/** A model section decoded against `model` (names, shapes, settings, vocabulary), or refused by role. */
function decodeModel(role: 'questioner' | 'executor', model: TinyLM, section: Uint8Array): Float32Array[] {
  try {
    return model.decodeFile(section);
  } catch (err) {
    // The model's own check says what differs (its words, English); the page words the rest.
    const detail = err instanceof Error ? err.message : String(err);
    throw new ProblemError([{ kind: 'checkpoint-model', role, detail }], { cause: err });
  }
}

/** `target`'s items replaced by `items`, one push at a time (spreading 300,000 items overflows the stack). */
function replaceAll<T>(target: T[], items: readonly T[]): void {
  target.length = 0;
  for (const item of items) target.push(item);
}

/** A place a saved run can be read from: a browser slot or a file, by name. */
export interface SavedRunSource {
  name: string;
  read: () => Promise<Uint8Array>;
}

/** The source `restoreFirst` loaded, and the newer one refused before it (null: the first loaded). */
export interface Restored {
  name: string;
  skipped: { name: string; error: ProblemError } | null;
}

/**
 * Restore the first of `sources` that loads, newest first (the last save, then the generation
 * kept before it). Each refused source changes nothing (`restoreRun`), so trying the next is safe.
 * When none loads, throws the first source's refusal, said about that source.
 */
export async function restoreFirst(engine: Engine, sources: readonly SavedRunSource[]): Promise<Restored> {
  let first: ProblemError | null = null;
  let firstName = '';
  for (const source of sources) {
    try {
      restoreRun(engine, await source.read());
      return { name: source.name, skipped: first && { name: firstName, error: first } };
    } catch (err) {
      if (first === null) {
        first = fromSource(err, source.name);
        firstName = source.name;
      }
    }
  }
  throw first ?? new ProblemError([{ kind: 'no-saved-run', slot: '' }]);
}
