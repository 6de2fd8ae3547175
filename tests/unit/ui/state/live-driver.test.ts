import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineCommand, EngineEvent } from '../../../../src/engine/protocol';
import type { LoopPosition } from '../../../../src/engine/loop/loop-position';
import { DEFAULT_SETTINGS, type PageSettings } from '../../../../src/ui/lib/settings';
import { liveDriver } from '../../../../src/ui/state/live-driver';
import { RunState } from '../../../../src/ui/state/run.svelte';

/** A stand-in for the engine's worker: it keeps what the page sends and plays what the engine says. */
class FakeWorker {
  static made: FakeWorker[] = [];
  sent: EngineCommand[] = [];
  /** What each message transferred. */
  transferred: Transferable[][] = [];
  terminated = false;
  onmessage: ((e: { data: EngineEvent }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault: () => void }) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(cmd: EngineCommand, transfer: Transferable[] = []): void {
    this.sent.push(cmd);
    this.transferred.push(transfer);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The engine sends `event`. */
  say(event: EngineEvent): void {
    this.onmessage?.({ data: event });
  }
  /** The worker acknowledges the last command. */
  ack(): void {
    const last = this.sent.at(-1) as EngineCommand;
    this.say({ type: 'ack', command: last.type });
  }
}

const between = (iteration: number): LoopPosition => ({
  iteration,
  phase: 'questioner-rollouts',
  questionerStep: 0,
  executorStep: 0,
});
const ready = (backend: string, iteration = 1): EngineEvent => ({
  type: 'ready',
  backend,
  fallbacks: [],
  threads: null,
  position: between(iteration),
  params: 1,
});
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
const newest = () => FakeWorker.made.at(-1) as FakeWorker;
const settings = (over: Partial<PageSettings> = {}): PageSettings => ({ ...DEFAULT_SETTINGS, preset: 'tiny', ...over });

describe('the live driver', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    // A 2-core Chromium: tfjs's threaded build would have a pool of one thread (src/model/backend/wasm-threads.ts).
    vi.stubGlobal('navigator', { userAgent: CHROMIUM, hardwareConcurrency: 2 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts a worker with the page’s settings and sends each button’s command', () => {
    const state = new RunState();
    const driver = liveDriver(state, settings({ seed: 7, overrides: ['executor.klCoef=0.05'] }));
    const w = newest();
    expect(w.sent).toEqual([
      {
        type: 'init',
        preset: 'tiny',
        override: { executor: { klCoef: 0.05 }, seed: 7 },
        backends: ['webgpu', 'wasm', 'webgl', 'cpu'],
        asked: null,
        testHooks: false,
        // Not driven by the bench: the worker is not asked to meter its tool calls.
        benchMeter: false,
        // The page starts the engine's Python sandbox workers (src/sandbox/page-spawner.ts).
        sandboxSpawner: expect.any(MessagePort),
        // One thread's pool on two cores: the build without threads.
        wasmThreads: false,
      },
    ]);
    const init = w.sent[0] as Extract<EngineCommand, { type: 'init' }>;
    expect(w.transferred[0]).toEqual([init.sandboxSpawner]);
    w.say(ready('wasm'));
    expect(state.ready).toBe(true);
    driver.step();
    expect(state.busy).toBe(true);
    driver.run(3);
    driver.exportUnipo?.();
    driver.save?.();
    expect(w.sent.slice(1)).toEqual([
      { type: 'step' },
      { type: 'run', iterations: 3 },
      { type: 'export-unipo' },
      { type: 'save', slot: 'agent0-lab' },
    ]);
  });

  it('takes a worker that does not acknowledge within 10 s for dead, and one that does for alive', () => {
    const state = new RunState();
    const driver = liveDriver(state, settings());
    const w = newest();
    w.say(ready('wasm'));
    driver.step();
    w.ack();
    vi.advanceTimersByTime(20_000);
    expect(state.crashed).toBeNull();
    driver.iteration();
    vi.advanceTimersByTime(9_999);
    expect(state.crashed).toBeNull();
    vi.advanceTimersByTime(1);
    expect(w.terminated).toBe(true);
    expect(state.crashed?.problems).toEqual([{ kind: 'engine-silent', seconds: 10 }]);
    expect(state.busy).toBe(false);
  });

  it('resumes a crashed run in a new worker from the automatic checkpoint, then the saves', () => {
    const state = new RunState();
    const driver = liveDriver(state, settings());
    const first = newest();
    first.say(ready('wasm'));
    first.onerror?.({ message: 'out of memory', preventDefault: () => {} });
    expect(state.crashed?.problems).toEqual([{ kind: 'unexpected', message: 'out of memory' }]);
    driver.resume?.();
    const second = newest();
    expect(second).not.toBe(first);
    expect(state.ready).toBe(false);
    second.say(ready('wasm'));
    expect(second.sent.at(-1)).toEqual({
      type: 'load',
      slot: 'agent0-lab-autosave',
      fallbacks: ['agent0-lab', 'agent0-lab:previous'],
    });
  });

  it('asks for tfjs’s threaded WASM build where its pool gets two threads or more, not in Firefox', () => {
    vi.stubGlobal('navigator', { userAgent: CHROMIUM, hardwareConcurrency: 4 });
    liveDriver(new RunState(), settings());
    expect(newest().sent[0]).toMatchObject({ type: 'init', wasmThreads: true });
    vi.stubGlobal('navigator', { userAgent: FIREFOX, hardwareConcurrency: 16 });
    liveDriver(new RunState(), settings());
    expect(newest().sent[0]).toMatchObject({ type: 'init', wasmThreads: false });
  });

  it('moves a run whose GPU was lost to the other backends, from the checkpoint it kept', () => {
    const state = new RunState();
    liveDriver(state, settings());
    const gpu = newest();
    gpu.say(ready('webgpu'));
    gpu.say({ type: 'autosaved', iteration: 2, bytes: 100 });
    gpu.say({ type: 'device-lost', reason: 'unknown', message: 'device was lost' });
    expect(gpu.terminated).toBe(true);
    expect(state.gpuLost).toEqual({ message: 'device was lost', resumedFrom: 2 });
    const next = newest();
    expect(next.sent[0]).toMatchObject({ type: 'init', backends: ['wasm', 'webgl', 'cpu'] });
    next.say(ready('wasm'));
    expect(next.sent.at(-1)).toMatchObject({ type: 'load', slot: 'agent0-lab-autosave' });
  });

  it('recreates the forks of the address: runs the parent to the fork’s iteration, then forks', () => {
    const state = new RunState();
    liveDriver(state, settings({ forks: ['2:executor.klCoef=0.05'] }));
    const w = newest();
    w.say(ready('wasm'));
    expect(w.sent.at(-1)).toEqual({ type: 'run', iterations: 2 });
    w.ack();
    w.say({ type: 'idle', position: between(3), reason: 'done' });
    expect(w.sent.at(-1)).toEqual({ type: 'fork', changes: ['executor.klCoef=0.05'] });
    w.ack();
    w.say({
      type: 'forked',
      changes: ['executor.klCoef=0.05'],
      config: state.config as never,
      position: between(3),
      trace: [],
      summaries: [],
    });
    // A worker started after the fork (a lost GPU) starts with the fork's change.
    w.say({ type: 'device-lost', reason: 'unknown', message: 'lost' });
    expect(newest().sent[0]).toMatchObject({ type: 'init', override: { executor: { klCoef: 0.05 } } });
  });
});
