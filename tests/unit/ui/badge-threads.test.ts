/**
 * The backend badge's thread line says what the WASM build does: tfjs's rule for the threaded
 * build, one thread otherwise, and in Firefox (which gets the build without threads,
 * src/model/served-wasm.ts) why.
 */
import { describe, expect, it } from 'vitest';
import { type BackendState, badgeLines } from '../../../src/ui/lib/backend-label';
import { EN } from '../../../src/ui/text/en';
import { KO } from '../../../src/ui/text/ko';

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
    const lines = badgeLines(wasm('threaded-simd', 4), EN, CHROMIUM);
    expect(lines).toContain('4 threads: tfjs uses half the logical cores for its threads, at least 1 and at most 8.');
    expect(lines.join(' ')).not.toContain('Firefox');
  });

  it('says one thread for a build without threads, and in Firefox why', () => {
    expect(badgeLines(wasm('simd', 1), EN, CHROMIUM)).toEqual([
      'WASM build: SIMD.',
      '1 thread: this build runs on one thread.',
    ]);
    const firefox = badgeLines(wasm('simd', 1), EN, FIREFOX);
    expect(firefox.slice(0, 2)).toEqual(['WASM build: SIMD.', '1 thread: this build runs on one thread.']);
    expect(firefox[2]).toMatch(/^In Firefox the page loads the build without threads/);
    expect(badgeLines(wasm('simd', 1), KO, FIREFOX)[2]).toMatch(/^Firefox에서는 스레드 없는 빌드를/);
  });
});
