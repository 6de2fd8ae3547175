import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompareState, type ComparedRun } from '../../../../src/ui/state/compare.svelte';

/** A server holding these files under `/runs/` (anything else: 404). */
function serve(files: readonly string[]): void {
  vi.stubGlobal('fetch', async (url: string) => {
    const name = url.replace(/^.*\/runs\//, '');
    if (!files.includes(name)) return new Response('missing', { status: 404 });
    return new Response(readFileSync(`public/runs/${name}`));
  });
}
const pair = ['compare-as-intended.json', 'compare-as-released.json'];
const run = (id: string): ComparedRun =>
  ({ id, label: id, preset: 'tiny', config: {}, baseline: null, summaries: [] }) as unknown as ComparedRun;

describe('the compare state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds, hides, removes and restores runs by id', () => {
    const c = new CompareState();
    c.add(run('a'));
    c.add(run('b'));
    c.add({ ...run('a'), label: 'again' });
    expect(c.runs.map((r) => `${r.id}:${r.label}`)).toEqual(['b:b', 'a:again']);
    c.toggle('a');
    expect(c.hidden).toEqual(['a']);
    c.toggle('a');
    expect(c.hidden).toEqual([]);
    c.remove('b');
    c.remove('live');
    c.remove('live');
    expect(c.runs.map((r) => r.id)).toEqual(['a']);
    expect(c.removed).toEqual(['b', 'live']);
    c.restore('live');
    expect(c.removed).toEqual(['b']);
    c.add(run('b'));
    expect(c.removed).toEqual([]);
  });

  it('opens the shipped pair in place of the run on screen', async () => {
    serve(pair);
    const c = new CompareState();
    await c.openPair('/');
    expect(c.pair).toBe(true);
    expect(c.removed).toEqual(['live']);
    expect(c.runs.map((r) => [r.id, r.summaries.length])).toEqual([
      ['intended', 8],
      ['released', 8],
    ]);
    expect(c.runs.map((r) => r.config.executor.algorithm)).toEqual(['adpo', 'grpo']);
    expect(c.missing).toBeNull();
    expect(c.problem).toBeNull();
  });

  it('finds the one-change runs beside the pair: read, absent (an error or an HTML page), or refused', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      const name = url.replace(/^.*\/runs\//, '');
      if (pair.includes(name) || name === 'compare-only-plain-labelling.json')
        return new Response(readFileSync(`public/runs/${name}`));
      if (name === 'compare-only-released-gate.json')
        return new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
      return new Response('{"format":', { headers: { 'content-type': 'application/json' } });
    });
    const c = new CompareState();
    await c.openPair('/');
    expect(c.runs.map((r) => r.id)).toEqual(['intended', 'released']);
    expect(c.oneChange.map((l) => [l.id, Object.keys(l).sort().join()])).toEqual([
      ['plain-labelling', 'id,run'],
      ['released-gate', 'id,missing'],
      ['executor-schedule', 'id,problem'],
    ]);
    const [plain, gate, schedule] = c.oneChange;
    expect(plain && 'run' in plain && plain.run.config.labelling.mode).toBe('plain');
    expect(gate && 'missing' in gate && gate.missing).toBe('public/runs/compare-only-released-gate.json');
    expect(schedule && 'problem' in schedule && schedule.problem.source).toBe('compare-only-executor-schedule.json');
    expect(c.problem).toBeNull();
  });

  it('says plainly that the pair is absent when either file is, and draws neither', async () => {
    serve([pair[0] as string]);
    const c = new CompareState();
    await c.openPair('/');
    expect(c.runs).toEqual([]);
    expect(c.missing).toBe('public/runs/compare-as-intended.json, public/runs/compare-as-released.json');
  });

  it('adds a served run, or keeps why it could not', async () => {
    serve(['classroom-seed1.json']);
    const c = new CompareState();
    expect(await c.addServed('/runs/classroom-seed1.json', 'classroom', 'Classroom')).toBe(true);
    expect(c.runs[0]?.preset).toBe('classroom');
    expect(c.loading).toBe(false);
    expect(await c.addServed('/runs/none.json', 'none', 'None')).toBe(false);
    expect(c.problem?.problems).toEqual([{ kind: 'served-missing', url: '/runs/none.json', status: 404 }]);
    expect(c.runs.map((r) => r.id)).toEqual(['classroom']);
  });

  it('refuses a picked file that is no run, naming it, and keeps the runs it has', async () => {
    const c = new CompareState();
    c.add(run('a'));
    await c.addFile(new File(['not a run'], 'notes.txt'));
    expect(c.problem?.source).toBe('notes.txt');
    expect(c.problem?.problems).toEqual([{ kind: 'file-unreadable' }]);
    expect(c.runs.map((r) => r.id)).toEqual(['a']);
  });
});
