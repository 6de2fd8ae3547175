/**
 * No panel flat by construction (issue 61 item 8), on hand-made series: clip fractions of ≈ 0.002
 * on 0–1, p after a gate that is off, the gate's pass rate without a gate, and clusters 29–32 of 32.
 */
import { describe, expect, it } from 'vitest';
import { panelPlan } from '../../../../../src/ui/figures/curves/panel-plan';
import { FIGURES_EN } from '../../../../../src/ui/text/figures-en';
import { FIGURES_KO } from '../../../../../src/ui/text/figures-ko';

describe('panelPlan', () => {
  it('hides p after the gate and the pass rate when the gate is off, and only then', () => {
    expect(panelPlan('meanPGated', [0.4, 0.5], null, true, false)).toEqual({ kind: 'hidden', why: 'gate-off' });
    expect(panelPlan('gatePass', [0.3, 0.2], null, true, false)).toEqual({ kind: 'hidden', why: 'gate-off' });
    expect(panelPlan('meanPGated', [0.4, 0.5], null, true, true).kind).toBe('drawn');
    expect(panelPlan('meanP', [0.4, 0.5], null, true, false).kind).toBe('drawn');
  });
  it('draws a share of ≈ 0.002 on 0–0.005 instead of 0–1, and says so', () => {
    // max 0.0031 → d3's nice ceiling of [0, 0.0031] is 0.0035 (steps of 0.0005).
    expect(panelPlan('clipHighFrac', [0.0021, 0.0031, 0.0018], null, true, true)).toEqual({
      kind: 'drawn',
      domain: [0, 0.0035],
      scaled: { kind: 'small', top: 0.0035 },
    });
    expect(FIGURES_EN.panelSmall('0.0035')).toBe('Drawn on 0–0.0035, not 0–1: every value is below 0.0035.');
    expect(FIGURES_KO.panelSmall('0.0035')).toContain('0–0.0035로 그렸습니다');
  });
  it('keeps 0–1 for a share of zeros (the flat note says why) and for one that reaches 0.05', () => {
    expect(panelPlan('clipLowFrac', [0, 0, 0], null, true, true)).toEqual({
      kind: 'drawn',
      domain: [0, 1],
      scaled: null,
    });
    expect(panelPlan('clipLowFrac', [0.01, 0.05], null, true, true)).toMatchObject({ domain: [0, 1] });
  });
  it('draws clusters 29–32 from 29, not 0, and says so', () => {
    expect(panelPlan('clusterCount', [29, 31, 32, 30], null, false, true)).toEqual({
      kind: 'drawn',
      domain: [29, 32],
      scaled: { kind: 'near-max', bottom: 29 },
    });
    expect(FIGURES_EN.panelNearMax('29')).toBe('The axis starts at 29, not 0: every value lies close to the largest.');
  });
  it('draws a count that spreads (10–32) from 0; a baseline far below keeps 0 too', () => {
    expect(panelPlan('clusterCount', [10, 32], null, false, true)).toEqual({
      kind: 'drawn',
      domain: [0, 35],
      scaled: null,
    });
    expect(panelPlan('clusterCount', [29, 32], 5, false, true)).toMatchObject({ scaled: null });
  });
});
