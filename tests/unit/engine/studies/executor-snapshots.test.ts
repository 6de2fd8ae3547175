/** The executors a live run keeps for Table 5: 0, 1, 3 and the latest, none after a load. */
import { describe, expect, it } from 'vitest';
import { ExecutorSnapshots } from '../../../../src/engine/studies/executor-snapshots';

const file = (k: number) => new Uint8Array([k]);

describe('executors kept for Table 5', () => {
  it('keeps the base, after 1, after 3 and the latest as the run grows', () => {
    const s = new ExecutorSnapshots();
    s.start(file(0));
    expect(s.iterations).toEqual([0]);
    expect(s.forTable(0)).toBe('no-iteration');
    const seen: number[][] = [];
    for (let k = 1; k <= 6; k++) {
      s.add(k, file(k));
      seen.push(s.iterations);
    }
    expect(seen).toEqual([
      [0, 1],
      [0, 1, 2],
      [0, 1, 3],
      [0, 1, 3, 4],
      [0, 1, 3, 5],
      [0, 1, 3, 6],
    ]);
    expect(s.bytes).toBe(4);
    const rows = s.forTable(6);
    expect(rows).toEqual([0, 1, 3, 6].map((solver) => ({ solver, bytes: file(solver) })));
    // A table of fewer iterations than the run has needs executors no longer kept.
    expect(s.forTable(4)).toBe('executors-missing');
    expect(s.complete).toBe(true);
  });

  it('starts again on reset', () => {
    const s = new ExecutorSnapshots();
    s.start(file(0));
    s.add(1, file(1));
    s.start(file(9));
    expect(s.iterations).toEqual([0]);
    s.add(1, file(1));
    expect(s.forTable(1)).toEqual([
      { solver: 0, bytes: file(9) },
      { solver: 1, bytes: file(1) },
    ]);
  });

  it('keeps none after a run is loaded past its first iteration, and says why', async () => {
    const s = new ExecutorSnapshots();
    s.start(file(0));
    s.add(1, file(1));
    let asked = 0;
    await s.loaded(2, async () => {
      asked += 1;
      return file(2);
    });
    expect(asked).toBe(0);
    expect(s.complete).toBe(false);
    expect(s.wanted).toBe(false);
    s.add(3, file(3));
    expect(s.iterations).toEqual([]);
    expect(s.forTable(3)).toBe('executors-missing');
  });

  it('a run loaded before any iteration starts whole from its executor', async () => {
    const s = new ExecutorSnapshots();
    await s.loaded(0, async () => file(7));
    expect(s.complete).toBe(true);
    s.add(1, file(1));
    expect(s.forTable(1)).toEqual([
      { solver: 0, bytes: file(7) },
      { solver: 1, bytes: file(1) },
    ]);
  });
});
