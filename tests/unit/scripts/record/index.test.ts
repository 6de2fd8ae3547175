/** `npm run record`: lists the manifest with no name, prints an artefact's commands with --dry-run. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MANIFEST, inOrder, stepLine } from '../../../../scripts/record/manifest';

const record = (args: string[]) => spawnSync('npx', ['tsx', 'scripts/record/index.ts', ...args], { encoding: 'utf8' });

describe('npm run record', () => {
  it('with no name lists every artefact with its file and commands, and the usage; runs nothing', () => {
    const out = record([]);
    expect(out.status).toBe(0);
    for (const a of MANIFEST) {
      expect(out.stdout).toContain(`${a.name.padEnd(32)} ${a.path}`);
      for (const s of a.steps) expect(out.stdout).toContain(`$ ${stepLine(s)}`);
    }
    expect(out.stdout).toContain('npm run record -- --all');
  }, 60_000);

  it('--dry-run prints the named artefacts’ commands in dependency order', () => {
    const out = record(['--dry-run', 'repair-ablation', 'repair']);
    expect(out.status).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual(
      inOrder(['repair', 'repair-ablation']).flatMap((a) => a.steps.map(stepLine)),
    );
    expect(out.stdout.indexOf('pretrain:repair')).toBeLessThan(out.stdout.indexOf('simulate:repair'));
  }, 60_000);

  it('refuses an unknown name, or names with --all, with status 2', () => {
    const unknown = record(['--dry-run', 'no-such-file']);
    expect([unknown.status, unknown.stderr]).toEqual([2, expect.stringContaining('no artefact named no-such-file')]);
    expect(record(['--all', 'base']).status).toBe(2);
  }, 60_000);
});
