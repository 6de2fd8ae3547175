/** The page's bench meter is on only under automation with the bench's flag. */
import { describe, expect, it } from 'vitest';
import { benchMeterWanted } from '../../../../src/ui/state/bench-meter';

describe('benchMeterWanted', () => {
  it('needs both automation and the flag', () => {
    expect(benchMeterWanted(true, true)).toBe(true);
    expect(benchMeterWanted(false, true)).toBe(false);
    expect(benchMeterWanted(true, false)).toBe(false);
    expect(benchMeterWanted(false, false)).toBe(false);
  });

  it('is off by default in a page without automation (here: no window, no webdriver)', () => {
    expect(benchMeterWanted()).toBe(false);
  });
});
