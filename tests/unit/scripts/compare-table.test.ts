/** `simulate --compare A B`: the per-iteration table of two recordings and their settings diff. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RecordedRun } from '../../../src/engine/files/recording';

const A = 'tests/fixtures/compare/tiny-a.json';
const B = 'tests/fixtures/compare/tiny-b.json';
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as RecordedRun;

describe('simulate --compare', () => {
  it('prints each iteration of both runs side by side, then the settings that differ', () => {
    const out = spawnSync('npx', ['tsx', 'scripts/simulate.ts', '--compare', A, B], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    const [a, b] = [read(A), read(B)];
    // Cells are 15 characters wide: the gate-pass column sits under its heading.
    const heading = lines.find((l) => l.trim().startsWith('iter ')) ?? '';
    const gate = heading.indexOf('gate pass A / B');
    expect(gate).toBeGreaterThan(0);
    for (const s of a.summaries) {
      const t = b.summaries.find((x) => x.iteration === s.iteration);
      const row = lines.find((l) => l.trim().startsWith(`${s.iteration} `));
      // Held-out then pseudo-label accuracy, each "A / B" to three decimals.
      expect(row).toContain(`${s.heldOutAccuracy.toFixed(3)} / ${t?.heldOutAccuracy.toFixed(3)}`);
      expect(row).toContain(`${s.pseudoLabelAccuracy?.toFixed(3)} / ${t?.pseudoLabelAccuracy?.toFixed(3)}`);
      // The fixtures predate the gate-pass metric: its column says so for both runs.
      expect(row?.slice(gate, gate + 15).trim()).toBe('— / —');
    }
    // The fixtures differ in exactly the two settings their README's commands set.
    expect(lines.slice(lines.indexOf('settings that differ (A → B):') + 1)).toEqual([
      '  proxy.goldenAnswer: whole → last-character',
      '  labelling.mode: tool → plain',
    ]);
  }, 60_000);

  it('refuses one file, or a file that is no run, with status 2', () => {
    const one = spawnSync('npx', ['tsx', 'scripts/simulate.ts', '--compare', A], { encoding: 'utf8' });
    expect([one.status, one.stderr]).toEqual([2, expect.stringContaining('takes two run files')]);
    const bad = spawnSync('npx', ['tsx', 'scripts/simulate.ts', '--compare', A, 'README.md'], { encoding: 'utf8' });
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('README.md: it is neither')]);
  }, 60_000);
});
