/**
 * The palette has one source (src/ui/lib/palette.ts): no component or view helper writes one of its
 * colours as a hex literal, and the CSS variables the components' styles read carry exactly the
 * Okabe–Ito hues (Okabe & Ito 2008, "Color Universal Design", the eight colours written here by hand).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIVE_RUN_COLORS, OKABE_ITO, PALETTE_CSS, TEXT_HUE } from '../../../../src/ui/lib/palette';

const OKABE_ITO_BY_HAND = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

describe('the palette', () => {
  it('is Okabe–Ito, and its CSS variables carry its hues', () => {
    expect([...OKABE_ITO]).toEqual(OKABE_ITO_BY_HAND);
    expect(PALETTE_CSS['--blue']).toBe('#0072B2');
    expect(PALETTE_CSS['--vermillion']).toBe('#D55E00');
    expect(PALETTE_CSS['--text-vermillion']).toBe(TEXT_HUE.vermillion);
  });

  it('gives a live run hues that are none of the recorded runs’', () => {
    const recorded = new Set(OKABE_ITO_BY_HAND.map((c) => c.toLowerCase()));
    expect(LIVE_RUN_COLORS.filter((c) => recorded.has(c.toLowerCase()))).toEqual([]);
  });

  it('is written as hex nowhere in the page but palette.ts', () => {
    const ours = new Set(
      [...OKABE_ITO_BY_HAND.slice(0, 7), ...Object.values(TEXT_HUE), ...LIVE_RUN_COLORS].map((c) => c.toLowerCase()),
    );
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/ui'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(svelte|ts)$/.test(f) && !f.endsWith('lib/palette.ts'));
    const found = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/#[0-9a-fA-F]{6}\b/g)]
        .filter((m) => ours.has(m[0].toLowerCase()))
        .map((m) => `${f}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
