import { describe, expect, it } from 'vitest';
import { isGecko } from '../../../../src/model/backend/gecko';

// User agent strings as the browsers send them (Firefox ESR 153 and Firefox for Android as
// published by Mozilla's UA reference; Chromium and Safari as Google and Apple send them).
describe('isGecko', () => {
  it('is true for Firefox, desktop and Android', () => {
    expect(isGecko('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0')).toBe(true);
    expect(isGecko('Mozilla/5.0 (Android 14; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0')).toBe(true);
  });
  it('is false for Chromium and Safari, which say "like Gecko"', () => {
    expect(
      isGecko('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'),
    ).toBe(false);
    expect(
      isGecko(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});
