import { describe, expect, it } from 'vitest';
import { updateWaits } from '../../../../src/ui/lib/update-waits';

const worker = (name: string) => ({ name });

describe('updateWaits: a new version is announced only when it waits behind an active one', () => {
  it('a deployment installed next to the version in use waits: announced', () => {
    expect(updateWaits({ active: worker('v1'), waiting: worker('v2') })).toBe(true);
  });
  it("a second tab on the first visit sees the first tab's worker installed, with nothing active: not an update", () => {
    expect(updateWaits({ active: null, waiting: worker('v1') })).toBe(false);
  });
  it('the first version once active, nothing waiting: nothing to announce', () => {
    expect(updateWaits({ active: worker('v1'), waiting: null })).toBe(false);
  });
  it('no registration (the worker could not be registered): nothing to announce', () => {
    expect(updateWaits(undefined)).toBe(false);
  });
});
