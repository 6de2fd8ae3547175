/**
 * The page's half of the bench's meter (`npm run bench -- tab`, scripts/bench/tab.bench.ts): when
 * and for how long the page handled each message of the engine worker, and the frames drawn after
 * them, left in `window.__agent0Bench` for the bench to read. On only when the page runs under
 * automation (lib/test-hooks.ts) and the bench set `window.__agent0BenchWanted` before the page's
 * scripts ran; otherwise nothing is wrapped or kept, and the worker is not asked to meter.
 */
import type { PhaseMeter } from '../../engine/phase-meter';
import type { EngineEvent } from '../../engine/protocol';
import { testHooks } from '../lib/test-hooks';

/** One message of the engine worker as the page handled it, or one frame drawn after one. */
export interface PageEntry {
  type: EngineEvent['type'] | 'frame';
  /** `performance.now()` of the page when the message arrived (or the frame's callbacks began). */
  at: number;
  /** Main-thread milliseconds: for a message, from its arrival to the next task (the handler and
   *  the page update it set off, which Svelte flushes in the microtasks after it); for a frame, from
   *  its animation callbacks to the next task (style, layout and paint of that frame). */
  ms: number;
  /** Of a `record`: its phase, iteration and the engine's own time for it (`record.ms`). */
  phase?: string;
  iteration?: number;
  engineMs?: number;
  /** Of a `record` or `baseline`: the worker's meter of the tool calls. */
  meter?: PhaseMeter;
}

declare global {
  interface Window {
    /** Set by the bench before the page loads to ask for the meter. */
    __agent0BenchWanted?: boolean;
    /** The meter's entries, in order of arrival (only when asked for). */
    __agent0Bench?: PageEntry[];
  }
}

/** Whether the meter is on: under automation and asked for by the bench, never otherwise. */
export function benchMeterWanted(
  hooks: boolean = testHooks,
  flag: boolean = typeof window !== 'undefined' && window.__agent0BenchWanted === true,
): boolean {
  return hooks && flag;
}

/** Runs `callback` as a task of its own, after the microtasks and any rendering already due. */
function nextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/** `handle`, with each message's handling and the next frame it caused timed into `entries`. */
export function timedHandler(
  handle: (e: MessageEvent<EngineEvent>) => void,
  entries: PageEntry[],
): (e: MessageEvent<EngineEvent>) => void {
  let framePending = false;
  return (e) => {
    const at = performance.now();
    handle(e);
    const event = e.data;
    const entry: PageEntry = { type: event.type, at, ms: 0 };
    if (event.type === 'record') {
      entry.phase = event.record.phase;
      entry.iteration = event.record.iteration;
      entry.engineMs = event.record.ms;
    }
    if ((event.type === 'record' || event.type === 'baseline') && event.meter) entry.meter = event.meter;
    entries.push(entry);
    nextTask(() => (entry.ms = performance.now() - at));
    if (framePending) return;
    framePending = true;
    requestAnimationFrame(() => {
      framePending = false;
      const frame: PageEntry = { type: 'frame', at: performance.now(), ms: 0 };
      entries.push(frame);
      nextTask(() => (frame.ms = performance.now() - frame.at));
    });
  };
}
