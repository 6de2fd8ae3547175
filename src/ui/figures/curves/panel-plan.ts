/**
 * How one panel of the curves is drawn in the run on screen, so that no panel is flat by
 * construction (issue 61 item 8):
 * - hidden, with a sentence, where the run makes it say nothing: p after the gate and the gate's
 *   pass rate when the run's gate is off (`proxy.gate = false`: p after the gate is p before it,
 *   and the gate holds nothing back);
 * - a 0–1 share whose every value (baseline included) is below SMALL_SHARE drawn on 0–top, top the
 *   nice ceiling of its largest value (clip fractions of ≈ 0.002 lay flat on the floor of 0–1);
 * - a count or size whose every value lies within the top (1 − NEAR_MAX) of 0–max drawn from a nice
 *   floor below its smallest value instead of 0 (clusters 29–32 of 32 lay flat along the top);
 * - anything else on 0–1 (shares) or 0–max.
 * The page says so under a rescaled panel (text/figures-*.ts `panelScale`).
 */
import { scaleLinear } from 'd3';
import type { MetricKey } from '../../../engine/loop/metrics';

/** A share is drawn on 0–top when every value is below this. */
export const SMALL_SHARE = 0.05;
/** A count is drawn from a floor above 0 when its smallest value is at least this share of its largest. */
export const NEAR_MAX = 0.8;

export type PanelPlan =
  | { kind: 'hidden'; why: 'gate-off' }
  | {
      kind: 'drawn';
      domain: [number, number];
      /** Null: the usual axis (0–1 or 0–max). */
      scaled: null | { kind: 'small'; top: number } | { kind: 'near-max'; bottom: number };
    };

/** The panels that measure the gate: they say nothing when the run has no gate. */
const GATE_PANELS: readonly MetricKey[] = ['meanPGated', 'gatePass'];

export function panelPlan(
  key: MetricKey,
  values: readonly number[],
  base: number | null,
  share: boolean,
  gate: boolean | null,
): PanelPlan {
  if (gate === false && GATE_PANELS.includes(key)) return { kind: 'hidden', why: 'gate-off' };
  const all = [...values, ...(base === null ? [] : [base])];
  const max = Math.max(0, ...all);
  if (share) {
    if (max > 0 && max < SMALL_SHARE) {
      const top = scaleLinear().domain([0, max]).nice().domain()[1] as number;
      return { kind: 'drawn', domain: [0, top], scaled: { kind: 'small', top } };
    }
    return { kind: 'drawn', domain: [0, 1], scaled: null };
  }
  const min = Math.min(...all);
  const top = scaleLinear()
    .domain([0, Math.max(1e-6, max)])
    .nice()
    .domain()[1] as number;
  if (values.length >= 2 && min > 0 && min < max && min >= NEAR_MAX * max) {
    const [bottom, high] = scaleLinear().domain([min, max]).nice().domain() as [number, number];
    return { kind: 'drawn', domain: [bottom, high], scaled: { kind: 'near-max', bottom } };
  }
  return { kind: 'drawn', domain: [0, top], scaled: null };
}
