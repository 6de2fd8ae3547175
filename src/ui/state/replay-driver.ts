/**
 * The replay driver: feeds a recorded run into the same run state, one phase per step, through the
 * same events the engine worker sends, so every view and control behaves as in a live run.
 */
import type { EngineEvent } from '../../engine/protocol';
import { asRecordedRun, completedSummaries, type RecordedRun } from '../../engine/files/recording';
import { iterationEnd, replayPosition } from '../lib/recorded';
import { answerableCounts, poolsOfTrace } from '../../engine/studies/pools';
import type { Driver } from './driver';
import type { RunState } from './run.svelte';
import { encodeUnipo } from '../../engine/files/unipo';
import { downloadUnipo } from '../lib/download';
import { fetchRecording } from '../lib/fetch-recording';

/** Pause between phases while playing several, so the loop diagram can be followed. */
const PHASE_MS = 120;

export function replayDriver(state: RunState, run: RecordedRun): Driver {
  let played = 0;
  const summaries = completedSummaries(run);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const emit = (event: EngineEvent) => state.apply(event);
  const idle = () => {
    state.ended = played >= run.trace.length;
    emit({ type: 'idle', position: replayPosition(run.trace, played), reason: 'done' });
  };

  function playOne(): void {
    const record = run.trace[played];
    if (!record) return;
    played += 1;
    emit({ type: 'record', record, position: replayPosition(run.trace, played) });
    const summary = summaries.find((s) => s.iteration === record.iteration);
    if (record.phase === 'evaluation' && summary) emit({ type: 'iteration', summary });
  }

  function playUntil(target: number): void {
    state.busy = true;
    state.backToBack = Math.min(target, run.trace.length) - played > 1;
    const tick = () => {
      playOne();
      if (played < Math.min(target, run.trace.length)) timer = setTimeout(tick, PHASE_MS);
      else {
        timer = null;
        idle();
      }
    };
    tick();
  }

  emit({
    type: 'ready',
    backend: `recorded · ${run.backend}`,
    fallbacks: [],
    threads: null,
    position: replayPosition(run.trace, 0),
    params: 0,
  });
  if (run.baseline) emit({ type: 'baseline', result: run.baseline });
  /** The recording's Table 5 (computed by `npm run coevolution`), shown whole from the start. */
  const table = () => {
    if (run.coevolution)
      emit({
        type: 'coevolution',
        rows: run.coevolution,
        iterations: run.summaries.length,
        source: 'recorded',
        questions: answerableCounts(poolsOfTrace(run.trace)),
      });
  };
  table();

  return {
    step: () => playUntil(played + 1),
    iteration: () => playUntil(iterationEnd(run.trace, played)),
    run: (iterations) => {
      let end = played;
      for (let i = 0; i < iterations; i++) end = iterationEnd(run.trace, end);
      playUntil(end);
    },
    pause: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      state.ended = played >= run.trace.length;
      emit({ type: 'idle', position: replayPosition(run.trace, played), reason: 'paused' });
    },
    reset: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      played = 0;
      state.clear();
      table();
      idle();
    },
    exportUnipo: () => {
      downloadUnipo(encodeUnipo(run));
      state.notice = { kind: 'exported-unipo' };
    },
    trace: run.trace,
    seek: (target) => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (target < played) {
        played = 0;
        state.clear();
        table();
      }
      while (played < Math.min(target, run.trace.length)) playOne();
      idle();
    },
    dispose: () => {
      if (timer) clearTimeout(timer);
    },
  };
}

/** Fetch the recorded run shipped with the app (never bundled). */
export async function fetchRecordedRun(url: string): Promise<RecordedRun> {
  return asRecordedRun(await fetchRecording(url, 'run', 'npm run simulate --'));
}
