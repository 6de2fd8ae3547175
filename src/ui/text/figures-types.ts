/**
 * The shape of the words the figures gained for a class (issue 25 item 8, issue 26 item 2): the
 * figure frame's full-screen and export buttons, the g(s)/ε_high(s) legend and axes, the loop's
 * step counts, the gate's reason, the group chart's axes, why a curve is flat, and the repair lab's
 * live progress.
 */
import type { GateTests } from '../../core/vote';
import type { FlatExplained } from '../lib/metrics';

/** Why the gate set a proxy result's p to 0 (src/core/vote.ts): the tests it failed, and the run's `proxy.gateMinP`. */
export type GateFailure = GateTests & { minP: number };

/** How far the repair lab's live run has come. */
export type RepairProgress =
  | { stage: 'backend' | 'model' | 'baseline' }
  | { stage: 'training'; done: number; total: number }
  | { stage: 'stopping'; done: number; total: number }
  | { stage: 'finished' | 'stopped'; done: number; total: number };

export interface FigureTexts {
  /** The frame's row of buttons (its aria-label), and each button. */
  tools: (title: string) => string;
  fullScreen: string;
  exitFullScreen: string;
  /** The export buttons' names: each starts with the button's visible word ("SVG", "PNG"), so a
   *  speech-input user saying it names the button (WCAG 2.5.3, axe's label-content-name-mismatch). */
  saveSvg: string;
  savePng: string;
  /** Title of the export buttons of a figure with nothing drawn (text, tables, formulas only). */
  nothingToDraw: string;
  exportFailed: (reason: string) => string;
  /** The g(s)/ε_high(s) chart: its legend and axis titles. */
  adpo: { g: string; eps: string; trust: string; markG: string; markEps: string; sAxis: string };
  /** The loop diagram: how many curriculum or executor steps one iteration runs (phases first–last). */
  loopSteps: (role: string, steps: number, first: number, last: number) => string;
  /** After "p = 0.40 →": the gate set p to 0, and which of its tests failed. */
  gateZero: (why: GateFailure) => string;
  /** The group chart's axes. */
  groupAxes: { reward: string; advantage: string };
  /** A metric's panel is a flat line: its value in every iteration. */
  flatLead: (value: string) => string;
  /**
   * What a flat line at the value `FLAT_EXPLAINED_AT` names means, for the metrics that have a
   * reason (src/ui/lib/metrics.ts `flatNote`); `once`: each batch trains one update, so ρ = 1.
   */
  flatWhy: Record<FlatExplained, (once: boolean) => string>;
  /** In place of a panel that measures the gate (`metric`, its name), when the run's gate is off. */
  gateOff: (metric: string) => string;
  /** Under a panel drawn on an axis other than 0–1 / 0–max (figures/curves/panel-plan.ts). */
  panelSmall: (top: string) => string;
  panelNearMax: (bottom: string) => string;
  /** The repair lab's live run. */
  repairProgress: (p: RepairProgress) => string;
  /** The question pool: how many of the questioner's own answers the oracle finds wrong, and the true answer beside one. */
  poolWrong: (wrong: number, total: number) => string;
  poolTruth: (truth: string) => string;
  /** The ρ plot: its axes, and why a point outside its band can be "not clipped" (`n` such points in the run on screen). */
  ratio: { xAxis: string; yAxis: string; unclipped: (n: number) => string };
}
