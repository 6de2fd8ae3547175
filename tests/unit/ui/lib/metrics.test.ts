import { describe, expect, it } from 'vitest';
import { fmt, fraction, pct } from '../../../../src/ui/lib/format';
import { keptFlags } from '../../../../src/ui/lib/kept';
import { baselineValue, drawnPoints, metricSeries, seriesPath } from '../../../../src/ui/lib/metrics';

describe('view data', () => {
  it('reads metric series and the baseline', () => {
    const s = [
      { iteration: 1, heldOutAccuracy: 0.1, pseudoLabelAccuracy: null },
      { iteration: 2, heldOutAccuracy: 0.2, pseudoLabelAccuracy: 0.5 },
    ];
    expect(metricSeries(s, 'pseudoLabelAccuracy')).toEqual([
      { iteration: 1, value: null },
      { iteration: 2, value: 0.5 },
    ]);
    expect(drawnPoints(metricSeries(s, 'pseudoLabelAccuracy'))).toEqual([{ iteration: 2, value: 0.5 }]);
    expect(
      baselineValue(
        { accuracy: 0.25, toolUseRate: 0.1, byDifficulty: [], pseudoLabelAccuracy: null },
        'heldOutAccuracy',
      ),
    ).toBe(0.25);
    expect(baselineValue(null, 'kl')).toBeNull();
  });

  it('draws a gap, not NaN, where a summary lacks a metric or did not measure it', () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => 100 - v * 100;
    // A recording made before gatePass existed: no point and no line at all.
    const old = [
      { iteration: 1, heldOutAccuracy: 0.1 },
      { iteration: 2, heldOutAccuracy: 0.2 },
    ];
    expect(metricSeries(old, 'gatePass').map((p) => p.value)).toEqual([null, null]);
    expect(drawnPoints(metricSeries(old, 'gatePass'))).toEqual([]);
    expect(seriesPath(metricSeries(old, 'gatePass'), x, y)).toBe('');
    // Measured at 1 and 3, missing at 2: two pieces of line, (10, 90) alone and (30, 50) to (40, 60).
    const mixed = [
      { iteration: 1, gatePass: 0.1 },
      { iteration: 2 },
      { iteration: 3, gatePass: 0.5 },
      { iteration: 4, gatePass: 0.4 },
    ];
    const path = seriesPath(metricSeries(mixed, 'gatePass'), x, y);
    expect(path).not.toContain('NaN');
    expect(path).toBe('M10,90ZM30,50L40,60');
  });

  it('formats numbers for labels', () => {
    expect(fmt(-0.0004)).toBe('0.000');
    expect(fmt(-1.5, 2)).toBe('−1.50');
    expect(fraction(3 / 9, 9)).toBe('3/9');
    expect(fraction(0.35, 9)).toBe('0.350');
    expect(pct(0.0234)).toBe('2.3%');
  });
});

describe('kept or dropped', () => {
  const curation = (keptIndices: number[]) => ({
    phase: 'curation' as const,
    kept: keptIndices.length,
    dropped: 0,
    inBandShare: 0,
    band: [0.3, 0.8] as [number, number],
    keptIndices,
    iteration: 1,
    step: 0,
    ms: 0,
    backend: 'wasm',
    numTensors: 0,
  });
  it('reads the curation record, and is unknown before curation ran', () => {
    expect(keptFlags(4, curation([1, 2]))).toEqual([false, true, true, false]);
    expect(keptFlags(2, null)).toEqual([null, null]);
  });
});
