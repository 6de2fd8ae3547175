/**
 * Run at a chosen pace (issue 25): `continuous` hands the whole run to the driver (the engine pauses
 * between phases when asked); the other paces step one phase at a time towards the same target,
 * either holding after each phase until Run is pressed again (`each-phase`) or waiting a few seconds
 * between phases (`delay-N`). Pause ends a paced run at once between phases, or after the phase
 * under way.
 */
import type { Driver } from './driver';
import type { RunState } from './run.svelte';
import { stepPhase } from './step-phases';

export const PACES = ['continuous', 'each-phase', 'delay-2', 'delay-5', 'delay-10'] as const;
/** One pace of Run (the words of each: `paces` in src/ui/text/classroom-*.ts). */
export type PaceId = (typeof PACES)[number];

/** Seconds between phases of a `delay-N` pace (0 for the others). */
export function paceDelaySeconds(pace: PaceId): number {
  return pace.startsWith('delay-') ? Number(pace.slice('delay-'.length)) : 0;
}

export class PacedRun {
  /** The iteration whose end the paced run stops at (null: none under way). */
  target = $state<number | null>(null);
  /** Held after a phase (`each-phase`): Run goes on to the target. */
  held = $state(false);
  /** Seconds left before the next phase (`delay-N`), else null. */
  countdown = $state<number | null>(null);
  private stopRequested = false;
  private wake: (() => void) | null = null;

  /** `state` and `driver` are read at each use: the page replaces both when it switches mode. */
  constructor(
    private readonly state: () => RunState,
    private readonly driver: () => Driver | null,
  ) {}

  private get run(): RunState {
    return this.state();
  }

  /** A paced run is under way (a phase running, a countdown, or held for Run). */
  get active(): boolean {
    return this.target !== null;
  }

  /** Run `iterations` iterations at `pace` (a held run goes on to its target instead). */
  start(pace: PaceId, iterations: number): void {
    const driver = this.driver();
    if (!driver) return;
    if (pace === 'continuous' && !this.held) {
      driver.run(iterations);
      return;
    }
    if (!this.held) this.target = (this.run.position?.iteration ?? 1) + iterations - 1;
    this.held = false;
    this.stopRequested = false;
    void this.loop(pace, driver);
  }

  /** Stop: at once between phases, else after the phase under way (the engine's own pause). */
  pause(): void {
    this.stopRequested = true;
    if (this.held || this.countdown !== null) {
      this.finish();
      this.wake?.();
      return;
    }
    this.run.pausing = this.run.busy;
    this.driver()?.pause();
  }

  /** A reset or a new run ends the paced run. */
  finish(): void {
    this.target = null;
    this.held = false;
    this.countdown = null;
  }

  private async loop(pace: PaceId, driver: Driver): Promise<void> {
    for (;;) {
      await stepPhase(this.run, driver);
      const target = this.target;
      const reached = target === null || (this.run.position?.iteration ?? 0) > target;
      if (this.stopRequested || reached || this.run.error !== null || this.run.ended) return this.finish();
      if (pace === 'each-phase' || pace === 'continuous') {
        this.held = true;
        return;
      }
      await this.waitSeconds(paceDelaySeconds(pace));
      if (this.stopRequested) return this.finish();
    }
  }

  /** Count down `seconds` (shown in the status line); Pause cuts it short. */
  private async waitSeconds(seconds: number): Promise<void> {
    for (let left = seconds; left > 0 && !this.stopRequested; left--) {
      this.countdown = left;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    this.countdown = null;
  }
}
