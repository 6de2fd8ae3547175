/**
 * A run file is an attack until it has been checked whole: every refused Load below must leave the
 * engine exactly as it was (both models' weight bytes, both optimizers' steps and moments, PRNG,
 * position, baseline, summaries, trace), and say why; valid files (also a long trace) must still load.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { ProblemError } from '../../../../src/core/problem-error';
import { Engine } from '../../../../src/engine/loop/engine';
import { restoreRun, saveRun } from '../../../../src/engine/files/persist';
import { MAX_TRACE_RECORDS } from '../../../../src/engine/files/run-header';
import { type RunCheckpoint, decodeRun, encodeRun } from '../../../../src/engine/files/run-checkpoint';
import type { PhaseRecord } from '../../../../src/engine/loop/trace';
import { crc32, decodeCheckpoint, encodeCheckpoint } from '../../../../src/model/checkpoint';
import { tinyModel, useBackend } from '../../model/fixtures';

const config = makeConfig('tiny', { seed: 7 });
const noTools = async () => ({ observation: '', ok: false, timedOut: false });

/** An engine of tiny models; `seed` makes its weights its own. */
function engineOf(seed: number): Engine {
  const models = {
    questioner: tinyModel(seed),
    executor: tinyModel(seed + 1),
    questionerRef: tinyModel(seed),
    executorRef: tinyModel(seed + 1),
  };
  return new Engine(config, models, noTools, 'cpu');
}

const record = (iteration: number, ms = 1): PhaseRecord =>
  ({
    phase: 'evaluation',
    iteration,
    step: 0,
    ms,
    backend: 'cpu',
    numTensors: 0,
    result: { accuracy: 0.5, byDifficulty: [], toolUseRate: 0, pseudoLabelAccuracy: null },
  }) as PhaseRecord;

/** Everything a Load could change, as plain values to compare. */
async function snapshot(e: Engine): Promise<unknown> {
  const models = await Promise.all(
    [e.models.questioner, e.models.executor].map(async (m) => ({
      weights: await Promise.all(m.params.all.map(async (v) => Array.from(new Uint8Array((await v.data()).buffer)))),
      optimizer: await m.optimizer.exportState().then((s) => ({ step: s.step, moments: s.moments.map((a) => [...a]) })),
    })),
  );
  return JSON.parse(
    JSON.stringify({
      models,
      rng: e.rng.getState(),
      position: e.position,
      baseline: e.baseline,
      summaries: e.summaries,
      trace: e.trace,
    }),
  ) as unknown;
}

/** A run file with `header` laid over `run`'s (CRC and section lengths recomputed). */
const withHeader = (run: RunCheckpoint, header: Record<string, unknown>): Uint8Array =>
  encodeRun({ ...run, header: { ...run.header, ...header } as never });

/** A run file whose header is written as given, section lengths included (only the CRC is recomputed). */
function rawRun(header: Record<string, unknown> | string, sections: Uint8Array[]): Uint8Array {
  const json = new TextEncoder().encode(typeof header === 'string' ? header : JSON.stringify(header));
  const body = sections.reduce((n, s) => n + s.length, 0);
  const bytes = new Uint8Array(12 + json.length + body + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('A0RN'), 0);
  view.setUint32(4, 1, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  let off = 12 + json.length;
  for (const s of sections) {
    bytes.set(s, off);
    off += s.length;
  }
  view.setUint32(off, crc32(bytes.subarray(0, off)), true);
  return bytes;
}

let source: Engine;
let saved: Uint8Array;
let run: RunCheckpoint;

beforeAll(async () => {
  await useBackend('cpu');
  source = engineOf(11);
  source.position = { iteration: 3, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 };
  source.baseline = {
    accuracy: 0.25,
    byDifficulty: [{ difficulty: 1, accuracy: 0.5, toolUse: 0, n: 2 }],
    toolUseRate: 0,
    pseudoLabelAccuracy: null,
  };
  source.trace.push(record(1), record(2));
  source.summaries.push(
    { iteration: 1, heldOutAccuracy: 0.5 } as never,
    { iteration: 2, heldOutAccuracy: 0.6 } as never,
  );
  for (const m of [source.models.questioner, source.models.executor]) {
    const s = await m.optimizer.exportState();
    m.optimizer.importState({ step: 9, moments: s.moments.map((a) => a.map((_, i) => i * 1e-3)) });
  }
  source.rng.next();
  saved = await saveRun(source);
  run = decodeRun(saved);
}, 60_000);

/** Load `bytes` into a fresh engine: it must be refused, with `kind`, and change nothing. */
async function expectRefused(bytes: Uint8Array, kind: string): Promise<ProblemError> {
  const target = engineOf(21);
  target.trace.push(record(1, 42));
  target.summaries.push({ iteration: 1, heldOutAccuracy: 0.1 } as never);
  const before = await snapshot(target);
  let refused: unknown = null;
  try {
    restoreRun(target, bytes);
  } catch (err) {
    refused = err;
  }
  expect(refused).toBeInstanceOf(ProblemError);
  expect((refused as ProblemError).problems.map((p) => p.kind)).toEqual([kind]);
  expect(await snapshot(target)).toEqual(before);
  return refused as ProblemError;
}

/** A model section with its header changed by `edit` (values and CRC rewritten to fit). */
function editModel(section: Uint8Array, edit: (h: ReturnType<typeof decodeCheckpoint>['header']) => void): Uint8Array {
  const ckpt = decodeCheckpoint(section);
  edit(ckpt.header);
  return encodeCheckpoint(ckpt);
}

describe('a refused Load changes nothing', () => {
  it('a header without optimizerSteps', async () => {
    const rest: Record<string, unknown> = { ...run.header };
    delete rest.optimizerSteps;
    await expectRefused(encodeRun({ ...run, header: rest as never }), 'checkpoint-header');
  });

  it('a renamed parameter in the executor (the questioner is not loaded either)', async () => {
    const x = editModel(run.sections[1], (h) => {
      h.params[h.params.length - 1]!.name = 'renamed';
    });
    const err = await expectRefused(
      encodeRun({ ...run, sections: [run.sections[0], x, run.sections[2], run.sections[3]] }),
      'checkpoint-model',
    );
    expect(err.problems[0]).toMatchObject({ role: 'executor' });
    expect(err.message).toMatch(/renamed/);
  });

  it('two parameters swapped in shape (same total size)', async () => {
    const x = editModel(run.sections[1], (h) => {
      const p = h.params.find((q) => q.shape.length === 2 && q.shape[0] !== q.shape[1])!;
      p.shape = [p.shape[1]!, p.shape[0]!];
    });
    await expectRefused(
      encodeRun({ ...run, sections: [run.sections[0], x, run.sections[2], run.sections[3]] }),
      'checkpoint-model',
    );
  });

  it('a shape whose product is astronomically large (refused before allocating)', async () => {
    const q = editModel(run.sections[0], () => {});
    const ckpt = decodeCheckpoint(q);
    const json = new TextEncoder().encode(
      JSON.stringify({ ...ckpt.header, params: [{ name: 'huge', shape: [1e9, 1e9] }] }),
    );
    const bytes = new Uint8Array(12 + json.length + 8);
    const view = new DataView(bytes.buffer);
    bytes.set(new TextEncoder().encode('A0LM'), 0);
    view.setUint32(4, 1, true);
    view.setUint32(8, json.length, true);
    bytes.set(json, 12);
    view.setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)), true);
    const err = await expectRefused(
      encodeRun({ ...run, sections: [bytes, run.sections[1], run.sections[2], run.sections[3]] }),
      'checkpoint-model',
    );
    expect(err.message).toMatch(/more values than the file holds/);
  });

  it('summaries that are not a list, or hold a non-summary', async () => {
    await expectRefused(withHeader(run, { summaries: { 0: 1 } }), 'checkpoint-header');
    await expectRefused(withHeader(run, { summaries: [null] }), 'checkpoint-header');
    await expectRefused(withHeader(run, { summaries: [{ iteration: 'one' }] }), 'checkpoint-header');
  });

  it('a 300,000-record trace is refused as too large (no stack error, nothing replaced)', async () => {
    const trace = Array.from({ length: 300_000 }, () => record(1));
    const err = await expectRefused(withHeader(run, { trace }), 'checkpoint-too-large');
    expect(err.problems[0]).toMatchObject({ count: 300_000, limit: MAX_TRACE_RECORDS });
  }, 60_000);

  it('trace records of no known phase, or without iteration', async () => {
    await expectRefused(withHeader(run, { trace: [{ ...record(1), phase: 'nowhere' }] }), 'checkpoint-header');
    await expectRefused(withHeader(run, { trace: [{ ...record(1), iteration: -1 }] }), 'checkpoint-header');
    await expectRefused(withHeader(run, { trace: [null] }), 'checkpoint-header');
    await expectRefused(withHeader(run, { trace: 'x' }), 'checkpoint-header');
    await expectRefused(
      withHeader(run, { trace: [{ ...record(1), phase: 'questioner-rollouts', rollouts: 5 }] }),
      'checkpoint-header',
    );
  });

  it('a position in no phase, mid-iteration, or at no iteration', async () => {
    const at = run.header.position;
    for (const position of [
      { ...at, phase: 'nowhere' },
      { ...at, phase: 'curation' },
      { ...at, questionerStep: 3 },
      { ...at, executorStep: -1 },
      { ...at, iteration: 0 },
      { ...at, iteration: 1.5 },
      null,
    ]) {
      await expectRefused(withHeader(run, { position }), 'checkpoint-header');
    }
  });

  it('optimizer steps negative, fractional, huge or missing one', async () => {
    for (const optimizerSteps of [[-1, 0], [0.5, 0], [0, 1e15], [3], ['1', 2], null]) {
      await expectRefused(withHeader(run, { optimizerSteps }), 'checkpoint-header');
    }
  });

  it('a baseline of the wrong shape, a PRNG state of zeros or of other words', async () => {
    for (const baseline of [{}, { accuracy: 'high' }, [], 3]) {
      await expectRefused(withHeader(run, { baseline }), 'checkpoint-header');
    }
    for (const rng of [
      [0, 0, 0, 0],
      [1, 2, 3],
      [1, 2, 3, -4],
      [1, 2, 3, 2 ** 32],
    ]) {
      await expectRefused(withHeader(run, { rng }), 'checkpoint-header');
    }
  });

  it('a header nested deeper than any record (100,000 levels, written as text)', async () => {
    const n = 100_000;
    const header = JSON.stringify({ ...run.header, trace: [{ ...record(1), result: 'DEEP' }] });
    const text = header.replace('"DEEP"', `${'['.repeat(n)}1${']'.repeat(n)}`);
    await expectRefused(rawRun(text, run.sections), 'checkpoint-too-large');
  });

  it('section lengths negative, or overlapping, that still sum to the file', async () => {
    const [q, x, qo, xo] = run.sections;
    const header = { ...run.header, sections: [q.length + 8, x.length - 8, qo.length, xo.length] };
    await expectRefused(
      rawRun({ ...header, sections: [-8, q.length + x.length + 8, qo.length, xo.length] }, [q, x, qo, xo]),
      'checkpoint-sections',
    );
    await expectRefused(
      rawRun({ ...header, sections: [q.length, x.length, qo.length, xo.length + 4] }, [q, x, qo, xo]),
      'checkpoint-section-bytes',
    );
    await expectRefused(
      rawRun({ ...header, sections: [q.length, x.length, 1.5, xo.length] }, [q, x, qo, xo]),
      'checkpoint-sections',
    );
  });

  it('optimizer moments of the wrong length, other settings', async () => {
    const [q, x, qo, xo] = run.sections;
    await expectRefused(encodeRun({ ...run, sections: [q, x, qo, xo.slice(4)] }), 'checkpoint-optimizer-bytes');
    await expectRefused(withHeader(run, { config: makeConfig('tiny', { seed: 8 }) }), 'checkpoint-settings');
  });
});

describe('a valid file still loads', () => {
  it('the saved run, whole', async () => {
    const target = engineOf(31);
    target.trace.push(record(1, 42), record(2, 42), record(3, 42));
    restoreRun(target, saved);
    const a = (await snapshot(source)) as Record<string, unknown>;
    expect(await snapshot(target)).toEqual(a);
  });

  it('a long trace (just under the limit) loads without a stack error', async () => {
    const trace = Array.from({ length: MAX_TRACE_RECORDS }, (_, i) => record(1 + (i % 5)));
    const target = engineOf(41);
    restoreRun(target, withHeader(run, { trace }));
    expect(target.trace.length).toBe(MAX_TRACE_RECORDS);
    expect(target.trace[MAX_TRACE_RECORDS - 1]?.iteration).toBe(1 + ((MAX_TRACE_RECORDS - 1) % 5));
  }, 60_000);
});
