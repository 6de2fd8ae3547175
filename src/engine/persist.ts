/** Save a run between iterations and restore it into an engine built with the same settings. */
import { ProblemError } from '../core/problem-error';
import type { Engine } from './engine';
import { decodeRun, encodeRun, packFloats, unpackFloats } from './run-checkpoint';
import { upgradeTrace } from './trace-upgrade';

/** Whether the engine stands between iterations (the only place a checkpoint is taken). */
export function atIterationBoundary(engine: Engine): boolean {
  const p = engine.position;
  return p.phase === 'questioner-rollouts' && p.questionerStep === 0;
}

export async function saveRun(engine: Engine): Promise<Uint8Array> {
  if (!atIterationBoundary(engine)) {
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
 * Restore a saved run. Everything is decoded and checked before anything changes, so a refused
 * file leaves the engine as it was.
 */
export function restoreRun(engine: Engine, bytes: Uint8Array): void {
  const { header, sections } = decodeRun(bytes);
  const trace = upgradeTrace(header.trace); // runs saved by earlier builds read too
  if (JSON.stringify(header.config) !== JSON.stringify(engine.config)) {
    throw new ProblemError([{ kind: 'checkpoint-settings' }]);
  }
  const { questioner, executor } = engine.models;
  const sizes = [...questioner.params.all, ...questioner.params.all].map((v) => v.size);
  const qMoments = unpackFloats(sections[2], sizes);
  const xMoments = unpackFloats(sections[3], sizes);
  for (const [role, model, section] of [
    ['questioner', questioner, sections[0]],
    ['executor', executor, sections[1]],
  ] as const) {
    try {
      model.checkFile(section);
    } catch (err) {
      // The model's own check says what differs (its words, English); the page words the rest.
      const detail = err instanceof Error ? err.message : String(err);
      throw new ProblemError([{ kind: 'checkpoint-model', role, detail }], { cause: err });
    }
  }
  questioner.load(sections[0]);
  executor.load(sections[1]);
  questioner.optimizer.importState({ step: header.optimizerSteps[0], moments: qMoments });
  executor.optimizer.importState({ step: header.optimizerSteps[1], moments: xMoments });
  engine.rng.setState(header.rng);
  engine.position = header.position;
  engine.baseline = header.baseline;
  engine.trace.splice(0, engine.trace.length, ...trace);
  engine.summaries.splice(0, engine.summaries.length, ...header.summaries);
}
