/** A tab iteration cut into phases from the page's entries, and set beside Node's, against hand-computed figures. */
import { describe, expect, it } from 'vitest';
import type { PhaseMeter } from '../../../../src/engine/phase-meter';
import type { PageEntry } from '../../../../src/ui/state/bench-meter';
import type { NodePhase, NodeRun } from '../../../../scripts/bench/engine.bench';
import { compareIteration, formatRows, meanNodeRun, tabIteration } from '../../../../scripts/bench/tab-breakdown';

const meter = (m: Partial<PhaseMeter>): PhaseMeter => ({
  toolCalls: 0,
  pythonMs: 0,
  pythonExecMs: 0,
  messages: 0,
  messageBytes: 0,
  messageMs: 0,
  ...m,
});
const PROXY = meter({
  toolCalls: 10,
  pythonMs: 2500,
  pythonExecMs: 2000,
  messages: 20,
  messageBytes: 2048,
  messageMs: 300,
});

/** Ack at 1 s, baseline at 3 s, two phases at 5 s and 9 s, idle at 9.6 s, with messages and frames between. */
const ENTRIES: PageEntry[] = [
  { type: 'ack', at: 1000, ms: 1 },
  { type: 'baseline', at: 3000, ms: 2, meter: meter({ toolCalls: 4, pythonMs: 500 }) },
  { type: 'frame', at: 3010, ms: 20 },
  { type: 'progress', at: 4000, ms: 3 },
  { type: 'progress', at: 4001, ms: 1 }, // handled within the one before: counted once
  { type: 'record', at: 5000, ms: 5, phase: 'questioner-rollouts', iteration: 1, engineMs: 1800, meter: meter({}) },
  { type: 'record', at: 9000, ms: 10, phase: 'solver-proxy', iteration: 1, engineMs: 3900, meter: PROXY },
  { type: 'frame', at: 9016, ms: 40 },
  { type: 'autosaved', at: 9500, ms: 1 },
  { type: 'idle', at: 9600, ms: 1 },
  { type: 'frame', at: 9620, ms: 30 }, // after idle: not this iteration's
];

const NODE: NodePhase[] = [
  { phase: 'questioner-rollouts', ms: 1000, meter: meter({}) },
  { phase: 'solver-proxy', ms: 2000, meter: meter({ toolCalls: 10, pythonMs: 800 }) },
];

describe('tabIteration', () => {
  it('cuts the command at the baseline and each record, with the page’s time in each stretch', () => {
    const it1 = tabIteration(ENTRIES);
    expect(it1.baseline).toMatchObject({ phase: 'baseline', wallMs: 2000, engineMs: null, pageMs: 1 + 2 });
    expect(it1.phases).toEqual([
      { phase: 'questioner-rollouts', wallMs: 2000, engineMs: 1800, meter: meter({}), pageMs: 20 + 3 + 5 },
      { phase: 'solver-proxy', wallMs: 4000, engineMs: 3900, meter: PROXY, pageMs: 10 },
    ]);
    expect(it1.afterMs).toBe(600);
    expect(it1.afterPageMs).toBe(40 + 1 + 1);
    expect(it1.totalMs).toBe(8600);
    // 1 + 2 + 20 + 3 + 5 + 10 + 40 + 1 + 1 ms (the frame after idle left out).
    expect(it1.totalPageMs).toBe(83);
  });

  it('needs the command’s ack and idle', () => {
    expect(() => tabIteration(ENTRIES.slice(1))).toThrow(/no whole command/);
    expect(() => tabIteration(ENTRIES.slice(0, 8))).toThrow(/no whole command/);
  });
});

describe('compareIteration', () => {
  const rows = compareIteration(tabIteration(ENTRIES), NODE, 1500);
  const byPhase = Object.fromEntries(rows.map((r) => [r.phase, r]));

  it('gives each phase its tab and Node seconds, their ratio and the tab’s breakdown', () => {
    expect(rows.map((r) => r.phase)).toEqual([
      'baseline',
      'questioner-rollouts',
      'solver-proxy',
      'checkpoint (tab only)',
      'iteration (phases)',
      'click to idle',
    ]);
    expect(byPhase.baseline).toMatchObject({ tabS: 2, nodeS: 1.5, ratio: 1.33, pythonS: 0.5, tfjsS: null });
    expect(byPhase['questioner-rollouts']).toMatchObject({
      tabS: 2,
      nodeS: 1,
      ratio: 2,
      pythonS: 0,
      tfjsS: 1.8,
      pageS: 0.03,
      nodePythonS: 0,
      nodeTfjsS: 1,
    });
    expect(byPhase['solver-proxy']).toEqual({
      phase: 'solver-proxy',
      tabS: 4,
      nodeS: 2,
      ratio: 2,
      pythonS: 2.5,
      pythonExecS: 2,
      tfjsS: 1.4, // 3.9 − 2.5
      pageS: 0.01,
      messages: 20,
      messageKB: 2,
      messageS: 0.3,
      nodePythonS: 0.8,
      nodeTfjsS: 1.2, // 2.0 − 0.8
    });
    expect(byPhase['checkpoint (tab only)']).toMatchObject({ tabS: 0.6, nodeS: null, ratio: null, pageS: 0.04 });
  });

  it('totals the phases like for like, and the whole command against Node’s phases and baseline', () => {
    expect(byPhase['iteration (phases)']).toEqual({
      phase: 'iteration (phases)',
      tabS: 6,
      nodeS: 3,
      ratio: 2,
      pythonS: 2.5,
      pythonExecS: 2,
      tfjsS: 3.2, // 1.8 + 3.9 − 2.5
      pageS: 0.04, // 28 + 10 ms
      messages: 20,
      messageKB: 2,
      messageS: 0.3,
      nodePythonS: 0.8,
      nodeTfjsS: 2.2,
    });
    // 8.6 s from the click's acknowledgement to idle against 3 + 1.5 s.
    expect(byPhase['click to idle']).toMatchObject({ tabS: 8.6, nodeS: 4.5, ratio: 1.91, pageS: 0.08 });
  });

  it('prints a row per stretch under a header, "–" where a figure does not apply', () => {
    const lines = formatRows(rows).split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^phase\s+tab s\s+Node s\s+tab\/Node/);
    expect(lines[3]).toMatch(/^solver-proxy\s+4\s+2\s+2\s+2\.5\s+2\s+1\.4\s+0\.01\s+20\s+2\s+0\.3\s+0\.8\s+1\.2$/);
    expect(lines[4]).toMatch(/^checkpoint \(tab only\)\s+0\.6\s+–\s+–/);
  });
});

describe('meanNodeRun', () => {
  const run = (ms: [number, number], pythonMs: number, boot: number, baseline: number): NodeRun => ({
    backend: 'wasm',
    sandboxBootSeconds: boot,
    baselineSeconds: baseline,
    iterations: [
      [
        { phase: 'questioner-rollouts', ms: ms[0], meter: meter({}) },
        { phase: 'solver-proxy', ms: ms[1], meter: meter({ toolCalls: 10, pythonMs, messages: 20 }) },
      ],
    ],
    tensorsBefore: 170,
    tensorsAfter: 196,
  });

  it('averages each phase, its meter, the boot and the baseline of a Node run before and after the tab', () => {
    const mean = meanNodeRun(run([1800, 4000], 2000, 4, 1), run([2200, 5000], 3000, 5, 1.5));
    expect(mean.iterations[0]?.map((p) => [p.phase, p.ms])).toEqual([
      ['questioner-rollouts', 2000],
      ['solver-proxy', 4500],
    ]);
    expect(mean.iterations[0]?.[1]?.meter).toEqual(meter({ toolCalls: 10, pythonMs: 2500, messages: 20 }));
    expect([mean.sandboxBootSeconds, mean.baselineSeconds]).toEqual([4.5, 1.25]);
  });

  it('refuses two runs whose phases differ', () => {
    const other = run([1, 2], 0, 1, 1);
    (other.iterations[0] as NodePhase[])[1] = { phase: 'self-labelling', ms: 2, meter: meter({}) };
    expect(() => meanNodeRun(run([1, 2], 0, 1, 1), other)).toThrow(/different phases in iteration 1/);
  });
});
