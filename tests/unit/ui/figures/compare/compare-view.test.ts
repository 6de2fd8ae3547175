import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../../../../src/engine/loop/metrics';
import { runsOnScreen } from '../../../../../src/ui/figures/compare/compare-view';
import { baselineValue } from '../../../../../src/ui/lib/metrics';
import type { RecordedRun } from '../../../../../src/engine/files/recording';
import { markersPath, runStyle } from '../../../../../src/ui/figures/compare/run-styles';

const classroom = JSON.parse(readFileSync('public/runs/classroom-seed1.json', 'utf8')) as RecordedRun;

describe('the compare view’s data', () => {
  it('draws every metric of the table; a recording made before some existed holds a subset of them', () => {
    const keys: string[] = METRICS.map((m) => m.key);
    // Beside the metrics a summary keeps its by-level figures, which the Curves' level maps draw.
    const notMetrics = ['iteration', 'seconds', 'byDifficulty', 'levels'];
    const recorded = Object.keys(classroom.summaries[0] ?? {}).filter((k) => !notMetrics.includes(k));
    expect(recorded.length).toBeGreaterThan(0);
    for (const k of recorded) expect(keys).toContain(k);
  });

  it('reads the base model’s hard-question figures as the mean over difficulties 5 to 7', () => {
    const b = classroom.baseline;
    const hard = b?.byDifficulty.filter((d) => d.difficulty >= 5) ?? [];
    expect(hard.map((d) => d.difficulty)).toEqual([5, 6, 7]);
    const sum = hard.reduce((s, d) => s + d.accuracy, 0);
    expect(baselineValue(b, 'hardAccuracy')).toBeCloseTo(sum / 3, 12);
    expect(baselineValue(b, 'heldOutAccuracy')).toBe(b?.accuracy);
    expect(baselineValue(b, 'kl')).toBeNull();
    expect(baselineValue(b, 'pseudoLabelAccuracy')).toBeNull();
  });

  it('gives every run up to 30 its own colour, dash and marker, colours distinct for the first seven', () => {
    const styles = Array.from({ length: 30 }, (_, i) => runStyle(i));
    expect(new Set(styles.map((s) => `${s.color}|${s.dash}|${s.marker}`)).size).toBe(30);
    expect(new Set(styles.slice(0, 7).map((s) => s.color)).size).toBe(7);
    expect(styles.map((s) => s.color)).not.toContain('#F0E442');
  });

  it('names the fork parents and the fork on screen', () => {
    const c = classroom.config;
    const runs = runsOnScreen(
      { preset: null, config: c, baseline: null, summaries: [] },
      [{ at: 2, changes: ['executor.klCoef=0.05'], config: c, baseline: null, summaries: [] }],
      { onScreen: 'on screen', parent: (at) => `parent ${at}`, fork: (at, ch) => `fork ${at} ${ch}` },
    );
    expect(runs.map((r) => [r.id, r.label])).toEqual([
      ['parent-0', 'parent 2'],
      ['live', 'fork 2 executor.klCoef=0.05'],
    ]);
  });
});

describe('the markers of a series as one path', () => {
  it('joins one marker per point, each from its own move-to (written out by hand)', () => {
    const pts = [
      { i: 1, v: 20 },
      { i: 2, v: 30 },
    ];
    const d = markersPath(
      'square',
      pts,
      (p) => p.i * 10,
      (p) => p.v,
      2,
    );
    expect(d).toBe('M8,18h4v4h-4ZM18,28h4v4h-4Z');
    expect(
      markersPath(
        'circle',
        [{ i: 1, v: 20 }],
        (p) => p.i * 10,
        (p) => p.v,
        2,
      ),
    ).toBe('M8,20a2,2 0 1,0 4,0a2,2 0 1,0 -4,0Z');
    expect(
      markersPath(
        'cross',
        [],
        (p: { i: number }) => p.i,
        () => 0,
        2,
      ),
    ).toBe('');
  });
});
