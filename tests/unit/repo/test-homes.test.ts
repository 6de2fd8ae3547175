/**
 * One rule for where a unit test lives: the test of `src/P/x.ts` (or `x.svelte`, `x.svelte.ts`) is
 * `tests/unit/P/x.test.ts`, a further suite of one aspect of it `tests/unit/P/x.ASPECT.test.ts`; the
 * test of `scripts/P/x.ts` is `tests/unit/scripts/P/x.test.ts`; checks over the whole repository
 * (its documents, every component, every command) are in `tests/unit/repo/`. So the test of a file
 * is found from its path, and a test's path names the file it tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.test.ts') && existsSync(f));

/** The source file a unit test's path names, or null when its path follows no branch of the rule. */
export function sourceOf(test: string): string[] | null {
  const m = /^tests\/unit\/(.+\/)?([^/.]+)(\.[\w-]+)?\.test\.ts$/.exec(test);
  if (!m) return null;
  const [, dir = '', stem] = m;
  const base = dir.startsWith('scripts/') ? dir : `src/${dir}`;
  return ['.ts', '.svelte', '.svelte.ts', '.mjs'].map((ext) => `${base}${stem}${ext}`);
}

describe('where a unit test lives', () => {
  it('names its source file by its path (the mirror rule), outside tests/unit/repo', () => {
    const astray = tracked
      .filter(
        (t) => !t.startsWith('tests/unit/repo/') && !t.startsWith('tests/e2e/') && !t.startsWith('tests/firefox/'),
      )
      .filter((t) => !(sourceOf(t) ?? []).some((s) => existsSync(s)));
    expect(astray).toEqual([]);
  });

  it('reads the rule as written, on hand-made paths', () => {
    expect(sourceOf('tests/unit/engine/loop/engine.test.ts')).toContain('src/engine/loop/engine.ts');
    expect(sourceOf('tests/unit/model/train.grad.test.ts')).toContain('src/model/train.ts');
    expect(sourceOf('tests/unit/scripts/bench/bound.test.ts')).toContain('scripts/bench/bound.ts');
    expect(sourceOf('src/core/grpo.test.ts')).toBeNull();
  });
});
