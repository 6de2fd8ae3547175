/**
 * Two steps of the engine worker's start (src/engine/start-steps.ts): Python's runtimes reported as
 * each starts, or the failure, without being waited for; a missing base model refused by name.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadProgress } from '../../../src/engine/load-steps';
import { fetchBaseModel, startPython } from '../../../src/engine/start-steps';
import type { Sandbox } from '../../../src/sandbox/types';

/** A sandbox whose boot says `ready` runtimes of `of` started, then ends as `end` says. */
function booting(ready: number, of: number, end: Promise<void>): Sandbox {
  return {
    run: () => Promise.reject(new Error('not here')),
    memory: () => Promise.reject(new Error('not here')),
    dispose: async () => {},
    boot: async (onStarted) => {
      for (let n = 1; n <= ready; n++) onStarted?.(n, of);
      await end;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('startPython', () => {
  it('reports 0 of 2 at once, then each runtime, and does not wait for them', async () => {
    const seen: LoadProgress[] = [];
    let finish: () => void = () => {};
    const started = startPython(booting(0, 2, new Promise<void>((r) => (finish = r))), 2, (p) => seen.push(p));
    expect(seen).toEqual([{ step: 'python', done: 0, total: 2 }]);
    expect(started()).toBe(false);
    finish();
    const two = startPython(booting(2, 2, Promise.resolve()), 2, (p) => seen.push(p));
    await Promise.resolve();
    expect(two()).toBe(true);
    expect(seen.slice(1)).toEqual([
      { step: 'python', done: 0, total: 2 },
      { step: 'python', done: 1, total: 2 },
      { step: 'python', done: 2, total: 2 },
    ]);
  });

  it('reports a failed start with the runtimes that had started', async () => {
    const seen: LoadProgress[] = [];
    const started = startPython(booting(1, 2, Promise.reject(new Error('no wasm'))), 2, (p) => seen.push(p));
    await new Promise((r) => setTimeout(r, 0));
    expect(started()).toBe(true);
    expect(seen.at(-1)).toEqual({ step: 'python', done: 1, total: 2, failed: 'no wasm' });
  });
});

describe('fetchBaseModel', () => {
  it('refuses a missing model with its status', async () => {
    vi.stubGlobal('self', { location: { origin: 'http://localhost' } });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
    await expect(fetchBaseModel(() => {})).rejects.toMatchObject({
      report: { problems: [{ kind: 'model-missing', model: 'base', status: 404 }] },
    });
  });
});
