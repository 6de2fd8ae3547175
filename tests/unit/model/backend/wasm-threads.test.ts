/**
 * Which WASM build the page asks for: tfjs's threaded build only where its pool, half the logical
 * cores clamped to 1…8 (tfjs-backend-wasm's backend.cc), has two threads or more, and never in
 * Firefox (src/model/backend/served-wasm.ts).
 */
import { describe, expect, it } from 'vitest';
import { poolThreads, singleThreadReason } from '../../../../src/model/backend/wasm-threads';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('the WASM build', () => {
  it('sizes the pool as tfjs does: ⌊cores/2⌋, at least 1, at most 8', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 16, 17, 32].map(poolThreads)).toEqual([1, 1, 1, 2, 2, 3, 4, 8, 8, 8]);
  });

  it('loads the build without threads below 4 cores and in Firefox, the threaded one otherwise', () => {
    expect(singleThreadReason(CHROMIUM, 2)).toBe('one-thread');
    expect(singleThreadReason(CHROMIUM, 3)).toBe('one-thread');
    expect(singleThreadReason(CHROMIUM, 4)).toBeNull();
    expect(singleThreadReason(CHROMIUM, 12)).toBeNull();
    expect(singleThreadReason(FIREFOX, 2)).toBe('gecko');
    expect(singleThreadReason(FIREFOX, 16)).toBe('gecko');
  });
});
