/** The inline marks of the page's sentences (rich.ts, drawn by Rich.svelte). */
import { describe, expect, it } from 'vitest';
import { richParts } from '../../../../src/ui/primitives/rich';

describe('inline marks', () => {
  it('splits emphasis, code and titles', () => {
    expect(richParts('a *b* «c» ‹d› e')).toEqual([
      { text: 'a ', kind: 'text' },
      { text: 'b', kind: 'em' },
      { text: ' ', kind: 'text' },
      { text: 'c', kind: 'code' },
      { text: ' ', kind: 'text' },
      { text: 'd', kind: 'cite' },
      { text: ' e', kind: 'text' },
    ]);
  });
});
