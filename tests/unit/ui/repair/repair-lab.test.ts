/**
 * The repair lab page's state (repair-lab.svelte.ts): which variant and iteration are on screen, the
 * live run as one more variant, and a recording that cannot be read. Hand-made runs; only the fields
 * the state reads are filled in.
 */
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../../src/core/problem-error';
import type { RepairRunFile } from '../../../../src/repair/recording';
import type { RepairRunRecord } from '../../../../src/repair/records';
import { RepairLab } from '../../../../src/ui/repair/repair-lab.svelte';

/** A variant named `name` with iterations numbered 1 … n. */
const variantRun = (name: string, n: number) =>
  ({
    variant: { name },
    iterations: Array.from({ length: n }, (_, k) => ({ iteration: k + 1 })),
  }) as unknown as RepairRunRecord;

const file = { runs: [variantRun('A', 3), variantRun('B', 2)] } as unknown as RepairRunFile;

async function loaded(): Promise<RepairLab> {
  const lab = new RepairLab(() => 'live');
  await lab.load(() => Promise.resolve(file));
  return lab;
}

describe('the repair lab page state', () => {
  it('shows nothing before the recording is in', () => {
    const lab = new RepairLab(() => 'live');
    expect(lab.runs).toEqual([]);
    expect(lab.run).toBeUndefined();
    expect(lab.rec).toBeUndefined();
  });

  it('opens on the first variant and steps inside its iterations', async () => {
    const lab = await loaded();
    expect(lab.runs.map((r) => r.variant.name)).toEqual(['A', 'B']);
    expect(lab.run?.variant.name).toBe('A');
    expect(lab.rec?.iteration).toBe(1);
    lab.go(5); // past A's 3 iterations: its last, index 2
    expect([lab.position, lab.at, lab.rec?.iteration]).toEqual([2, 2, 3]);
    lab.go(-1);
    expect([lab.position, lab.at, lab.rec?.iteration]).toEqual([0, 0, 1]);
  });

  it('keeps the iteration inside a shorter variant, and names the variant a live run trains', async () => {
    const lab = await loaded();
    lab.go(2);
    lab.variant = 1; // B has 2 iterations: index 2 is shown as its last, index 1
    expect([lab.at, lab.rec?.iteration]).toEqual([1, 2]);
    expect(lab.recordedName).toBe('B');
  });

  it('adds the live run as one more variant, marked with the page’s word', async () => {
    const lab = await loaded();
    lab.live.run = variantRun('C', 1);
    expect(lab.runs.map((r) => r.variant.name)).toEqual(['A', 'B', 'live · C']);
    lab.variant = 2;
    expect(lab.run?.variant.name).toBe('live · C');
    expect(lab.recordedName).toBe('C');
    lab.variant = 7; // past the end: the last variant
    expect(lab.run?.variant.name).toBe('live · C');
  });

  it('keeps why the recording could not be read, and shows no run', async () => {
    const lab = new RepairLab(() => 'live');
    const refused = new ProblemError([{ kind: 'repair-malformed', path: 'runs', expected: 'variant-run' }]);
    await lab.load(() => Promise.reject(refused));
    expect(lab.error).toEqual(refused.report);
    expect(lab.file).toBeNull();
    expect(lab.run).toBeUndefined();
  });
});
