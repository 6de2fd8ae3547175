/**
 * Two generations of the manual save: Save moves what its slot held to the slot's second
 * generation (in one IndexedDB transaction, so both writes happen or neither does), and a Load or a
 * crash resume that finds the newest save refused loads the one before it, and says which and why.
 * Runs against the real idb-store over fake-indexeddb (an in-memory IndexedDB) and the real
 * `restoreRun` with tiny engines.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { ProblemError } from '../../../../src/core/problem-error';
import { Engine } from '../../../../src/engine/loop/engine';
import { loadSlot, saveSlot } from '../../../../src/engine/files/idb-store';
import { type SavedRunSource, restoreFirst, saveRun } from '../../../../src/engine/files/persist';
import { AUTOSAVE_SLOT, SAVE_SLOT, previousSlot } from '../../../../src/engine/files/idb-store';
import { tinyModel, useBackend } from '../../model/fixtures';

const config = makeConfig('tiny', { seed: 7 });
const noTools = async () => ({ observation: '', ok: false, timedOut: false });

function engineOf(seed: number): Engine {
  const models = {
    questioner: tinyModel(seed),
    executor: tinyModel(seed + 1),
    questionerRef: tinyModel(seed),
    executorRef: tinyModel(seed + 1),
  };
  return new Engine(config, models, noTools, 'cpu');
}

/** What a Load changes, as plain values (weights as bytes). */
async function snapshot(e: Engine): Promise<unknown> {
  const weights = await Promise.all(
    [e.models.questioner, e.models.executor].flatMap((m) =>
      m.params.all.map(async (v) => Array.from(new Uint8Array((await v.data()).buffer))),
    ),
  );
  return JSON.parse(JSON.stringify({ weights, position: e.position, rng: e.rng.getState(), trace: e.trace }));
}

const bytesOf = (...values: number[]) => new Uint8Array(values);
const slots = (store: Map<string, Uint8Array>): SavedRunSource[] =>
  [...store.keys()].map((name) => ({
    name,
    read: async () => {
      const bytes = store.get(name);
      if (!bytes) throw new ProblemError([{ kind: 'no-saved-run', slot: name }]);
      return bytes;
    },
  }));

describe('idb-store keeps the save before the last one', () => {
  it('each Save moves the slot’s bytes to its second generation; the automatic checkpoint keeps one', async () => {
    await saveSlot('gen-a', bytesOf(1), true);
    await expect(loadSlot(previousSlot('gen-a'))).rejects.toThrow(/No saved run/);
    await saveSlot('gen-a', bytesOf(2), true);
    expect([...(await loadSlot('gen-a'))]).toEqual([2]);
    expect([...(await loadSlot(previousSlot('gen-a')))]).toEqual([1]);
    await saveSlot('gen-a', bytesOf(3), true);
    expect([...(await loadSlot('gen-a'))]).toEqual([3]);
    expect([...(await loadSlot(previousSlot('gen-a')))]).toEqual([2]);

    await saveSlot('gen-b', bytesOf(4));
    await saveSlot('gen-b', bytesOf(5));
    expect([...(await loadSlot('gen-b'))]).toEqual([5]);
    await expect(loadSlot(previousSlot('gen-b'))).rejects.toThrow(/No saved run/);
  });

  it('a Save that fails changes neither generation (one transaction)', async () => {
    await saveSlot('gen-c', bytesOf(1), true);
    await saveSlot('gen-c', bytesOf(2), true);
    // A value IndexedDB cannot store: the second put throws, and the transaction is aborted whole.
    await expect(saveSlot('gen-c', (() => 3) as unknown as Uint8Array, true)).rejects.toThrow();
    expect([...(await loadSlot('gen-c'))]).toEqual([2]);
    expect([...(await loadSlot(previousSlot('gen-c')))]).toEqual([1]);
  });
});

describe('a Load falls back to the previous generation', () => {
  let older: Uint8Array;
  let newer: Uint8Array;
  let olderState: unknown;
  let newerState: unknown;

  beforeAll(async () => {
    await useBackend('cpu');
    const run = engineOf(11);
    run.position = { iteration: 2, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 };
    older = await saveRun(run);
    olderState = await snapshot(run);
    run.position = { iteration: 3, phase: 'questioner-rollouts', questionerStep: 0, executorStep: 0 };
    run.models.executor.assignValues(run.models.executor.params.all.map((v) => new Float32Array(v.size).fill(0.5)));
    run.rng.next();
    newer = await saveRun(run);
    newerState = await snapshot(run);
    expect(newerState).not.toEqual(olderState);
  }, 60_000);

  it('the newest save loads when it is good (nothing skipped)', async () => {
    const target = engineOf(21);
    const store = new Map([
      [SAVE_SLOT, newer],
      [previousSlot(SAVE_SLOT), older],
    ]);
    expect(await restoreFirst(target, slots(store))).toEqual({ name: SAVE_SLOT, skipped: null });
    expect(await snapshot(target)).toEqual(newerState);
  });

  it('a damaged newest save: the previous generation loads, and the damage is the reason given', async () => {
    const damaged = newer.slice();
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    const target = engineOf(21);
    const store = new Map([
      [SAVE_SLOT, damaged],
      [previousSlot(SAVE_SLOT), older],
    ]);
    const restored = await restoreFirst(target, slots(store));
    expect(restored.name).toBe(previousSlot(SAVE_SLOT));
    expect(restored.skipped?.name).toBe(SAVE_SLOT);
    expect(restored.skipped?.error.problems.map((p) => p.kind)).toEqual(['checkpoint-damaged']);
    expect(await snapshot(target)).toEqual(olderState);
  });

  it('a crash resume: a refused automatic checkpoint falls back to the last Save, then the one before', async () => {
    const foreign = await saveRun(new Engine(makeConfig('tiny', { seed: 8 }), engineOf(31).models, noTools, 'cpu'));
    const target = engineOf(21);
    const store = new Map([
      [AUTOSAVE_SLOT, foreign],
      [SAVE_SLOT, bytesOf(1, 2, 3)],
      [previousSlot(SAVE_SLOT), older],
    ]);
    const restored = await restoreFirst(target, slots(store));
    expect(restored.name).toBe(previousSlot(SAVE_SLOT));
    expect(restored.skipped?.name).toBe(AUTOSAVE_SLOT);
    expect(restored.skipped?.error.problems.map((p) => p.kind)).toEqual(['checkpoint-settings']);
    expect(await snapshot(target)).toEqual(olderState);
  });

  it('nothing loads: the first refusal is thrown, said about its slot, and the run is unchanged', async () => {
    const target = engineOf(21);
    const before = await snapshot(target);
    const store = new Map([
      [SAVE_SLOT, bytesOf(9, 9, 9)],
      [previousSlot(SAVE_SLOT), new Uint8Array(0)],
    ]);
    const err = await restoreFirst(target, slots(store)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProblemError);
    expect((err as ProblemError).report.source).toBe(SAVE_SLOT);
    expect((err as ProblemError).problems.map((p) => p.kind)).toEqual(['checkpoint-too-short']);
    expect(await snapshot(target)).toEqual(before);
  });
});
