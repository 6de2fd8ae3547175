/**
 * The documents stay documents (issue #56): a README a newcomer reads in one sitting, and a spec and
 * guides that say how things are, not when they changed. Dated diary entries and commit hashes belong
 * in git and in docs/experiments.md (one row per trial, where the commit column is the point).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');

/** "5 December", "December 5", "2026-12-05": a date in any of the forms the diary used. */
const DATE =
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December)\b|\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}\b|\b20\d\d-\d\d-\d\d\b/;
/** A commit hash as the diary wrote them: 7 to 40 hex digits with at least one letter and one digit. */
const COMMIT = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/;

/** The documents read as reference, by reader; experiments.md is the record and may cite commits. */
const REFERENCE_DOCS = [
  'README.md',
  'docs/teaching.md',
  'docs/algorithms.md',
  'docs/performance.md',
  'docs/commands.md',
  'docs/unipo.md',
];

/** Lines of `text` that match `pattern`, with their numbers, outside fenced code blocks. */
function matchingLines(text: string, pattern: RegExp): string[] {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && pattern.test(line) ? [`${i + 1}: ${line.trim()}`] : [];
  });
}

describe('the documents', () => {
  it('keep the README to at most 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('show set-up, the fast test loop, the teaching guide and the code map on the README’s first screen', () => {
    const firstScreen = read('README.md').split('\n').slice(0, 30).join('\n');
    for (const anchor of ['#set-up-on-a-fresh-machine', '#the-fast-test-loop', 'docs/teaching.md', '#code-map']) {
      expect(firstScreen).toContain(anchor);
    }
  });

  it.each(REFERENCE_DOCS)('%s has no dates and no commit hashes', (path) => {
    expect(existsSync(path)).toBe(true);
    const text = read(path);
    expect(matchingLines(text, DATE)).toEqual([]);
    expect(matchingLines(text, COMMIT)).toEqual([]);
  });

  it('link every document the README names', () => {
    const readme = read('README.md');
    const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)/g)].map((m) => m[1] ?? '');
    expect(linked.length).toBeGreaterThan(5);
    for (const path of linked) expect(existsSync(path), path).toBe(true);
  });
});

describe('commit subjects', () => {
  it('are at most 72 bytes since this rule was written, merges included', () => {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    // The commit that added this file starts the rule; earlier history is left as it was.
    const first = git('log', '--follow', '--diff-filter=A', '--format=%H', '--', 'tests/unit/repo/documents.test.ts')
      .split('\n')
      .at(-1);
    const range = first ? [`${first}^..HEAD`] : ['-1', 'HEAD'];
    const subjects = git('log', '--format=%s', ...range)
      .split('\n')
      .filter(Boolean);
    // Counted in UTF-8 bytes, as git's one-line views and mail subjects count them; merges included.
    expect(subjects.filter((s) => Buffer.byteLength(s, 'utf8') > 72)).toEqual([]);
  });
});
