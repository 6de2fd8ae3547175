/**
 * The backend badge's thread line says what the WASM build does: tfjs's rule for the threaded
 * build, one thread otherwise, and why the page asked for the build without threads in Firefox or
 * on a machine with under 4 cores (src/model/backend/wasm-threads.ts).
 */
import { describe, expect, it } from 'vitest';
import { type BackendState, badgeLines } from '../../../../src/ui/lib/backend-label';
import { EN } from '../../../../src/ui/text/en';
import { KO } from '../../../../src/ui/text/ko';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const wasm = (binary: BackendState['binary'], threads: number): BackendState => ({
  backend: 'wasm',
  threads,
  binary,
  basis: null,
  fallbacks: [],
});

describe('the badge’s threads', () => {
  it('gives tfjs’s rule only for the threaded build', () => {
    const lines = badgeLines(wasm('threaded-simd', 4), EN, CHROMIUM, 8);
    expect(lines).toContain('4 threads: tfjs uses half the logical cores for its threads, at least 1 and at most 8.');
    expect(lines.join(' ')).not.toContain('Firefox');
  });

  it('says one thread for a build without threads, and in Firefox or on few cores why', () => {
    // Chromium on 8 cores without threads (a page that is not cross-origin isolated): no reason of the page's.
    expect(badgeLines(wasm('simd', 1), EN, CHROMIUM, 8)).toEqual([
      'WASM build: SIMD.',
      '1 thread: this build runs on one thread.',
    ]);
    expect(badgeLines(wasm('simd', 1), EN, CHROMIUM, 2)).toEqual([
      'WASM build: SIMD.',
      '1 thread: this build runs on one thread.',
      'With 2 logical cores the threaded build would run one thread, so the page loads the build without threads, which runs the model faster here.',
    ]);
    expect(badgeLines(wasm('simd', 1), KO, CHROMIUM, 3)[2]).toMatch(/^논리 코어가 3개라/);
    const firefox = badgeLines(wasm('simd', 1), EN, FIREFOX, 2);
    expect(firefox.slice(0, 2)).toEqual(['WASM build: SIMD.', '1 thread: this build runs on one thread.']);
    expect(firefox[2]).toMatch(/^In Firefox the page loads the build without threads/);
    expect(badgeLines(wasm('simd', 1), KO, FIREFOX, 2)[2]).toMatch(/^Firefox에서는 스레드 없는 빌드를/);
  });
});
