/** Start the run the settings ask for: the engine worker (live) or the shipped recorded run (replay). */
import { makeConfig } from '../../core/config';
import { reportOf } from '../../core/problem-error';
import { type PageSettings, settingsOverride } from '../lib/settings';
import type { Driver } from './driver';
import { liveDriver } from './live-driver';
import { fetchRecordedRun, replayDriver } from './replay-driver';
import type { RunState } from './run.svelte';

/** The recorded run served with the app (fetched at run time, never bundled). */
export const RECORDED_RUN_URL = `${import.meta.env.BASE_URL}runs/classroom-seed1.json`;

export async function startDriver(run: RunState, settings: PageSettings): Promise<Driver | null> {
  try {
    if (settings.mode === 'replay') {
      const recorded = await fetchRecordedRun(RECORDED_RUN_URL);
      run.config = recorded.config;
      return replayDriver(run, recorded);
    }
    run.config = makeConfig(settings.preset, settingsOverride(settings));
    return liveDriver(run, settings);
  } catch (err) {
    const report = reportOf(err);
    run.apply({ type: 'error', message: err instanceof Error ? err.message : String(err), fatal: true, report });
    return null;
  }
}
