import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../../../src/core/config';
import { RELEASED_SETTINGS } from '../../../../src/core/release';
import { flattenSettings } from '../../../../src/engine/files/config-diff';
import type { IterationSummary } from '../../../../src/engine/loop/summary';
import { ONE_CHANGE_RUNS } from '../../../../src/engine/studies/compare-pair';
import { oneChangeStory } from '../../../../src/ui/lib/one-change-story';
import type { ComparedRun, OneChangeLoad } from '../../../../src/ui/state/compare.svelte';

const run = (held: number[]) =>
  held.map((heldOutAccuracy, i) => ({
    iteration: i + 1,
    heldOutAccuracy,
    pseudoLabelAccuracy: 0.5,
  })) as IterationSummary[];
const compared = (id: string, config = makeConfig('classroom'), held = [0.3, 0.4]) =>
  ({ id, label: id, preset: 'classroom', config, baseline: null, summaries: run(held) }) as ComparedRun;

describe('the one-change runs', () => {
  it('each set released values only, changes "as intended" classroom, and none shares a setting', () => {
    const released = new Map(flattenSettings(RELEASED_SETTINGS).map(([p, v]) => [p, JSON.stringify(v)]));
    const intended = new Map(flattenSettings(makeConfig('classroom')).map(([p, v]) => [p, JSON.stringify(v)]));
    const paths = ONE_CHANGE_RUNS.flatMap((r) => flattenSettings(r.set));
    for (const [path, value] of paths) {
      expect(released.get(path)).toBe(JSON.stringify(value));
      expect(intended.get(path)).not.toBe(JSON.stringify(value));
    }
    expect(new Set(paths.map(([p]) => p)).size).toBe(paths.length);
    expect(new Set(ONE_CHANGE_RUNS.map((r) => r.file)).size).toBe(ONE_CHANGE_RUNS.length);
  });
});

describe('oneChangeStory', () => {
  const intended = compared('intended', makeConfig('classroom'), [0.3, 0.6]);
  const released = compared('released', makeConfig('classroom', { release: { mode: 'as-released' } }), [0.2, 0.2]);
  const plain = makeConfig('classroom', { labelling: { mode: 'plain' } });

  it('tells the runs that are "as intended" plus their change, and lists the rest of the pair untold', () => {
    const loads: OneChangeLoad[] = [
      { id: 'plain-labelling', run: compared('plain-labelling', plain, [0.3, 0.25]) },
      { id: 'released-gate', missing: 'public/runs/compare-only-released-gate.json' },
      // Labelled as the schedule run but holding plain labelling's settings: not told.
      { id: 'executor-schedule', run: compared('executor-schedule', plain, [0.3, 0.5]) },
    ];
    const s = oneChangeStory(intended, released, loads);
    expect(s.heldOut).toBe(140);
    // The released switch changes 10 settings of classroom (docs/algorithms.md §7.9, less those
    // already at their released values: gateMinP, uncertaintyScale, epsLow, epsHigh).
    expect(s.pairDiffers).toBe(10);
    expect(s.changes.map((c) => [c.id, c.settings, c.cost.last.intended, c.cost.last.changed])).toEqual([
      ['plain-labelling', 'labelling.mode=plain', 0.6, 0.25],
    ]);
    // Means 0.45 and 0.275: 0.175 > 2·√(0.2475/140 + 0.199375/140) = 0.113.
    expect(s.largest).toBe('plain-labelling');
    expect(s.together?.last.changed).toBe(0.2);
    expect([...s.untold].sort()).toEqual([
      'executor.algorithm',
      'executor.dualClip',
      'executor.updatesPerStep',
      'proxy.gate',
      'proxy.goldenAnswer',
      'proxy.unboxedAnswer',
      'proxy.uncheckedAnswer',
      'proxy.unreadableQuestion',
      'reward.toolRewardSource',
    ]);
    expect(s.missing).toEqual(['public/runs/compare-only-released-gate.json']);
    expect(s.mismatched).toEqual([
      { id: 'executor-schedule', settings: ['labelling.mode', 'executor.updatesPerStep'] },
    ]);
  });

  it('names no largest cost when every change is within noise, and keeps refused files apart', () => {
    const s = oneChangeStory(intended, released, [
      { id: 'plain-labelling', run: compared('plain-labelling', plain, [0.3, 0.55]) },
      { id: 'released-gate', problem: { heading: null, source: 'x.json', problems: [{ kind: 'file-unreadable' }] } },
    ]);
    expect(s.changes[0]?.cost.mean.withinNoise).toBe(true);
    expect(s.largest).toBeNull();
    expect(s.refused.map((r) => r.id)).toEqual(['released-gate']);
    expect(s.untold).not.toContain('labelling.mode');
  });
});
